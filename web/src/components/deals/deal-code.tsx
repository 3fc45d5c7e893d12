import { cn } from '@/lib/cn';
import { clockTimeWithSeconds } from '@/lib/dates';
import { Countdown, useExpired, type ShownCode } from '@/lib/deals/code-clock';
import { useOnlineStatus } from '@/lib/network/connectivity';

interface DealCodeProps {
  code: string;
  expiresAt: string;
  size?: 'md' | 'lg' | 'xl';
  className?: string;
}

/**
 * A rotating code with the time left until the next one (mm:ss), or "Expired" once past. The countdown keeps
 * its own time (lib/deals/code-clock.tsx): this component re-renders when the code changes or expires, not every second.
 */
export function DealCode({ code, expiresAt, size = 'md', className }: DealCodeProps) {
  const expired = useExpired(expiresAt);
  return (
    // A size container: the code follows the box's width (cqi) and stays on one line inside it (issue 31); the
    // countdown moves under it when both do not fit.
    <div className={cn('flex flex-wrap items-center justify-between gap-x-3 gap-y-1 rounded-xl bg-stone-900 px-4 py-3 text-white [container-type:inline-size]', className)}>
      <span
        className={cn(
          'font-mono font-bold tracking-[0.2em] whitespace-nowrap tabular-nums',
          size === 'md' && 'text-[min(1.5rem,12cqi)]',
          size === 'lg' && 'text-[min(2.25rem,14cqi)]',
          size === 'xl' && 'text-[min(3.75rem,16cqi)]',
          expired && 'text-stone-400 line-through',
        )}
        aria-label={`Code ${code.split('').join(' ')}`}
        data-testid="deal-code"
      >
        {code}
      </span>
      <span className={cn('text-right text-xs font-medium', expired ? 'text-amber-300' : 'text-stone-300')}>
        {expired ? 'Expired' : <>Next code in <Countdown expiresAt={expiresAt} className="font-mono tabular-nums text-white" /></>}
      </span>
    </div>
  );
}

const LOOKS = {
  /** A card of the member's deal list. */
  card: { size: 'lg', caption: 'text-xs text-stone-600', until: 'Code valid until', missing: 'rounded-xl bg-stone-100 px-4 py-5 text-sm font-medium text-stone-800' },
  /** The deal's own page, larger. */
  page: { size: 'xl', caption: 'text-sm text-stone-600', until: 'Show this code at the counter. Valid until', missing: 'rounded-xl bg-stone-100 px-4 py-5 font-medium text-stone-800' },
} as const;

/**
 * The code a member shows at the counter (useDealCode's answer) and until when, or why there is none yet:
 * still computing, waiting for the next one, or offline with no codes saved on this device.
 */
export function MemberDealCode({ shown, look, className }: { shown: ShownCode | null | undefined; look: keyof typeof LOOKS; className?: string }) {
  const online = useOnlineStatus();
  const style = LOOKS[look];
  return (
    <div className={cn('space-y-1', className)}>
      {shown ? (
        <>
          <DealCode code={shown.code} expiresAt={shown.expiresAt} size={style.size} />
          <p className={style.caption}>{style.until} <time dateTime={shown.expiresAt} data-clock-time="">{clockTimeWithSeconds(shown.expiresAt)}</time>; a new one appears by itself.</p>
        </>
      ) : (
        <p className={style.missing} role="status" data-testid="deal-code-missing">
          {shown === undefined ? 'Getting the code...' : online ? 'Getting the next code...' : 'Reconnect to see the code: this device has no codes saved for now.'}
        </p>
      )}
    </div>
  );
}
