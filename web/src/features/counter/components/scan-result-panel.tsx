import type { MemberNumber } from '@shared/contract/index.ts';
import { formatMemberNumber } from '@/lib/numbers';
import { availableAgainLabel } from '../utils/pass-scan';

/** What the counter shows after a scan, large enough to read at arm's length. */
export type ScanOutcome =
  | { kind: 'checking' }
  | {
    kind: 'approved'; firstName: string; pictureUrl: string | null; memberNumber: MemberNumber; dealTitle: string; discount: string; usage: string;
    /** The deal's rules and per-member limit as one sentence (issue 38). */
    rulesText?: string;
    /** Checked on this tablet without a network: recorded when the connection returns (decision 165). */
    offline?: boolean;
  }
  | { kind: 'refused'; message: string; availableAt: string | null; firstName: string | null; dealTitle: string | null };

export function ScanResultPanel({ outcome, nowMs }: { outcome: ScanOutcome; nowMs: number }) {
  if (outcome.kind === 'checking') {
    return (
      <div role="status" aria-live="polite" data-testid="scan-result" className="rounded-2xl border border-stone-300 bg-white p-5 text-2xl font-semibold text-stone-700">
        Checking the pass...
      </div>
    );
  }
  if (outcome.kind === 'approved') {
    return (
      <div role="status" aria-live="polite" data-testid="scan-result" data-outcome="approved" className="flex items-center gap-4 rounded-2xl border-2 border-emerald-500 bg-emerald-50 p-5">
        {outcome.pictureUrl && (
          <img src={outcome.pictureUrl} alt={`${outcome.firstName}'s profile picture`} className="size-24 shrink-0 rounded-full object-cover sm:size-28" />
        )}
        <div className="min-w-0">
          <p className="text-4xl font-extrabold text-emerald-800 sm:text-5xl">Approved</p>
          <p className="mt-1 break-words text-3xl font-bold text-stone-900" data-testid="scan-member-name">{outcome.firstName}</p>
          <p className="mt-1 break-words text-lg text-stone-800">{outcome.dealTitle}{outcome.discount ? ` · ${outcome.discount}` : ''}</p>
          {outcome.rulesText && <p className="break-words text-base font-medium text-stone-800" data-testid="scan-deal-rules">{outcome.rulesText}</p>}
          <p className="text-sm text-stone-600">
            Member #{formatMemberNumber(outcome.memberNumber)}{outcome.usage ? ` · ${outcome.usage}` : ''}. Check it is them, then apply the discount.
            {outcome.offline && ' Checked offline: saved on this tablet and recorded when the connection returns.'}
          </p>
        </div>
      </div>
    );
  }
  return (
    <div role="alert" data-testid="scan-result" data-outcome="refused" className="rounded-2xl border-2 border-red-500 bg-red-50 p-5">
      <p className="text-4xl font-extrabold text-red-800 sm:text-5xl">Not approved</p>
      {outcome.firstName && <p className="mt-1 break-words text-3xl font-bold text-stone-900">{outcome.firstName}</p>}
      {outcome.dealTitle && <p className="mt-1 break-words text-lg text-stone-800">{outcome.dealTitle}</p>}
      <p className="mt-2 break-words text-xl text-stone-900">{outcome.message}</p>
      {outcome.availableAt && (
        <p className="mt-2 text-2xl font-bold text-red-900" data-testid="scan-available-again">{availableAgainLabel(outcome.availableAt, nowMs)}</p>
      )}
    </div>
  );
}
