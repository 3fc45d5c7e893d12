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
 * its own time (lib/deals/ticker.ts): this component re-renders when the code changes or expires, not every second.
 */
export function DealCode({ code, expiresAt, size = 'md', className }: DealCodeProps) {
  const expired = useExpired(expiresAt);
  return (
    <div className={cn('flex items-center justify-between gap-3 rounded-xl bg-stone-900 px-4 py-3 text-white', className)}>
      <span
        className={cn(
          'font-mono font-bold tracking-[0.2em] tabular-nums',
          size === 'md' && 'text-2xl',
          size === 'lg' && 'text-4xl',
          size === 'xl' && 'text-5xl sm:text-6xl',
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
