import { useEffect, useRef, useState, type PointerEvent } from 'react';
import { cn } from '@/lib/cn';
import { dismissToast, TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastRecord } from './toast-store';

/** Whether a horizontal drag has gone far enough right to dismiss (left drags never dismiss). */
export function isSwipeDismiss(deltaX: number): boolean {
  return deltaX >= TOAST_SWIPE_THRESHOLD_PX;
}

export function ToastItem({ toast }: { toast: ToastRecord }) {
  const { id, title, description, variant = 'default', duration = TOAST_DURATION_MS, action } = toast;
  const [paused, setPaused] = useState(false);
  const [offset, setOffset] = useState(0);
  const startX = useRef<number | null>(null);

  // Auto-close, paused while hovered or focused so nobody loses a toast they are reading.
  useEffect(() => {
    if (paused || !Number.isFinite(duration)) return;
    const timer = setTimeout(() => dismissToast(id), duration);
    return () => clearTimeout(timer);
  }, [paused, duration, id]);

  const onDismiss = () => dismissToast(id);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('button')) return;
    startX.current = event.clientX;
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (startX.current === null) return;
    setOffset(Math.max(0, event.clientX - startX.current));
  };
  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (startX.current === null) return;
    const delta = event.clientX - startX.current;
    startX.current = null;
    if (isSwipeDismiss(delta)) onDismiss();
    else setOffset(0);
  };

  const destructive = variant === 'destructive';
  return (
    <div
      data-variant={variant}
      data-testid="toast"
      className={cn(
        'pointer-events-auto relative flex w-full touch-pan-y select-none items-start gap-3 rounded-xl border p-4 pr-10 shadow-lg',
        'animate-[toast-in_180ms_ease-out]',
        offset === 0 && 'transition-transform',
        destructive ? 'border-red-700 bg-red-700 text-white' : 'border-stone-200 bg-white text-stone-900',
      )}
      style={{ transform: `translateX(${offset}px)`, opacity: offset ? Math.max(0.3, 1 - offset / 200) : undefined }}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerEnd}
      onPointerCancel={() => {
        startX.current = null;
        setOffset(0);
      }}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div className="grid flex-1 gap-1">
        {title && <div className="text-sm font-semibold">{title}</div>}
        {description && <div className={cn('text-sm', destructive ? 'text-white' : 'text-stone-700')}>{description}</div>}
      </div>
      {action && (
        <button
          type="button"
          onClick={() => {
            action.onClick();
            onDismiss();
          }}
          className={cn(
            'shrink-0 self-center rounded-md border px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2',
            destructive
              ? 'border-white/60 hover:bg-white/10 focus-visible:outline-white'
              : 'border-stone-300 hover:bg-stone-100 focus-visible:outline-brand-700',
          )}
        >
          {action.label}
        </button>
      )}
      <button
        type="button"
        aria-label="Close"
        onClick={onDismiss}
        className={cn(
          'absolute right-2 top-2 rounded-md p-1 focus-visible:outline-2',
          destructive ? 'text-white/90 hover:text-white focus-visible:outline-white' : 'text-stone-500 hover:text-stone-900 focus-visible:outline-brand-700',
        )}
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="2">
          <path d="M5 5l10 10M15 5L5 15" strokeLinecap="round" />
        </svg>
      </button>
    </div>
  );
}
