import { useCallback, useEffect, useState } from 'react';
import { type DealRedemption, REDEMPTION_FLAG_LABELS, redemptionFlag } from '@shared/contract/index.ts';
import { outbox } from '@/lib/outbox/outbox';
import { formatMemberNumber } from '@/lib/numbers';

/** A redemption this tablet accepted offline that the server recorded but flagged when it synced. */
export interface FlaggedReplay {
  key: string;
  /** "Maria (member 100042): Latte deal" */
  who: string;
  reason: string;
  /** When the tablet checked it (ISO). */
  checkedAt: string | null;
}

const isRedemption = (body: unknown): body is DealRedemption =>
  typeof body === 'object' && body !== null && 'dealTitle' in body && 'flag' in body;

/**
 * The counter's report of what its outbox synced and the server flagged (decision 165): accepted offline, recorded,
 * but past a limit or already used elsewhere. Shown until the person dismisses it; the activity list keeps them too.
 */
export function useFlaggedReplays() {
  const [flagged, setFlagged] = useState<FlaggedReplay[]>([]);
  useEffect(
    () =>
      outbox.onApplied((entry, outcome) => {
        if (!entry.kind?.startsWith('counter.verify') || !isRedemption(outcome.body)) return;
        const flag = redemptionFlag.safeParse(outcome.body.flag);
        if (!flag.success) return;
        const redemption = outcome.body;
        const checkedAt = (entry.body as { verifiedAt?: string } | undefined)?.verifiedAt ?? null;
        setFlagged((list) => list.some((item) => item.key === entry.key) ? list : [...list, {
          key: entry.key,
          // An unproven entry names nobody (decision 190): only the number that was typed.
          who: `${redemption.member ? `${redemption.member.firstName} ` : ''}(member ${formatMemberNumber(redemption.memberNumber)}): ${redemption.dealTitle}`,
          reason: REDEMPTION_FLAG_LABELS[flag.data],
          checkedAt,
        }]);
      }),
    [],
  );
  const dismiss = useCallback(() => setFlagged([]), []);
  return { flagged, dismiss };
}
