import { cn } from '@/lib/cn';
import { Countdown, useExpired } from '@/lib/deals/ticker';

interface DealCodeProps {
  code: string;
  expiresAt: string;
  size?: 'md' | 'lg' | 'xl';
  className?: string;
}

/**
 * A rotating code with the time left until the next one (mm:ss), or "Expired" once past. The countdown keeps
 * its own time (lib/deals/ticker.tsx): this component re-renders when the code changes or expires, not every second.
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
