import { useEffect, useRef } from 'react';
import { TOAST_HOTKEY } from './toast-store';
import { ToastItem } from './toast-item';
import { useToast } from './use-toast';

/**
 * The notifications region (a labelled landmark with a polite live region inside). F8 moves focus here so
 * keyboard and screen-reader users can reach a toast's buttons before it disappears.
 *
 * At the top, centred, below the safe area (decision 204): every screen starts with its sticky header (brand
 * and navigation), so a toast lies over the header, never over a code or a screen's primary button, which a
 * toast at the bottom covered on phones (issue 42: the first deal's code, "Continue to Payment").
 */
export function Toaster() {
  const { toasts } = useToast();
  const regionRef = useRef<HTMLElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === TOAST_HOTKEY) {
        event.preventDefault();
        regionRef.current?.focus();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <section
      ref={regionRef}
      aria-label={`Notifications (${TOAST_HOTKEY})`}
      tabIndex={-1}
      className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center px-2 pt-[max(0.5rem,env(safe-area-inset-top))] outline-none focus-visible:ring-2 focus-visible:ring-brand-600"
    >
      <div aria-live="polite" aria-atomic="false" className="flex w-full max-w-sm flex-col gap-2">
        {toasts.map((t) => (
          <ToastItem key={t.id} toast={t} />
        ))}
      </div>
    </section>
  );
}
