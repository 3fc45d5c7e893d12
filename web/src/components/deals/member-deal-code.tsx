import { cn } from '@/lib/cn';
import { clockTimeWithSeconds } from '@/lib/dates';
import type { ShownCode } from '@/lib/deals/code-clock';
import { useOnlineStatus } from '@/lib/network/use-online-status';
import { DealCode } from './deal-code';

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
          <p className={style.caption}>{style.until} {clockTimeWithSeconds(shown.expiresAt)}; a new one appears by itself.</p>
        </>
      ) : (
        <p className={style.missing} role="status" data-testid="deal-code-missing">
          {shown === undefined ? 'Getting the code...' : online ? 'Getting the next code...' : 'Reconnect to see the code: this device has no codes saved for now.'}
        </p>
      )}
    </div>
  );
}
