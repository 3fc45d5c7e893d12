import type { Ref } from 'react';
import type { MemberNumber } from '@shared/contract/index.ts';
import { Button } from '@/components/ui/button';
import { countdownLabel } from '@/lib/deals/deal-format';
import { formatMemberNumber } from '@/lib/numbers';
import { availableAgainLabel } from '../utils/pass-scan';

/**
 * How a check at the counter ended — a scanned pass, a scanner's input or a typed code, all alike (issue 38):
 * read at arm's length, with the member's name and picture (online), the deal and its rules, and Undo.
 */
export type CheckResult =
  | { kind: 'checking' }
  | {
    kind: 'approved';
    /** The redemption's id (Undo); a queued one has none on the server yet. */
    id: string;
    /** The member's first name and picture: online, or from the pass's certificate offline; none for a code typed offline. */
    firstName: string | null;
    pictureUrl: string | null;
    memberNumber: MemberNumber;
    dealTitle: string;
    discount: string;
    /** The deal's rules and per-member limit as one sentence, when the answer has it. */
    rulesText: string | null;
    usage: string;
    /** Until when Undo works (5 minutes); null for a check queued offline (nothing recorded yet to undo). */
    undoUntil: string | null;
    undone: boolean;
    /** Checked on this tablet without a network: recorded when the connection returns (decision 165). */
    offline?: boolean;
  }
  | {
    kind: 'refused'; message: string; availableAt: string | null; firstName: string | null; dealTitle: string | null; rulesText: string | null;
  };

interface CheckResultPanelProps {
  result: CheckResult;
  nowMs: number;
  /** The business's IANA time zone: "Available again" is the shop's clock (the tablet's when unknown). */
  timeZone?: string;
  undoing?: boolean;
  onUndo?: () => void;
  /** The new result is scrolled into view: the tools may be further down the screen. */
  ref?: Ref<HTMLDivElement>;
}

function RulesLine({ rulesText }: { rulesText: string | null }) {
  return rulesText ? <p className="mt-1 break-words text-base text-stone-700" data-testid="check-rules">{rulesText}</p> : null;
}

/** The one result panel of the counter (decision 192): every check ends here. */
export function CheckResultPanel({ result, nowMs, timeZone, undoing = false, onUndo, ref }: CheckResultPanelProps) {
  if (result.kind === 'checking') {
    return (
      <div ref={ref} role="status" aria-live="polite" data-testid="scan-result" className="rounded-2xl border border-stone-300 bg-white p-5 text-2xl font-semibold text-stone-700">
        Checking...
      </div>
    );
  }
  if (result.kind === 'approved') {
    const left = result.undoUntil ? countdownLabel(Date.parse(result.undoUntil), nowMs) : 'Expired';
    const canUndo = !result.undone && left !== 'Expired' && onUndo !== undefined;
    const who = result.firstName ?? `Member #${formatMemberNumber(result.memberNumber)}`;
    return (
      <div
        ref={ref}
        role="status"
        aria-live="polite"
        data-testid="scan-result"
        data-outcome={result.undone ? 'undone' : 'approved'}
        className={result.undone ? 'flex items-center gap-4 rounded-2xl border-2 border-stone-300 bg-stone-50 p-5' : 'flex items-center gap-4 rounded-2xl border-2 border-emerald-500 bg-emerald-50 p-5'}
      >
        {result.pictureUrl && (
          <img src={result.pictureUrl} alt={`${who}'s profile picture`} className="size-24 shrink-0 rounded-full object-cover sm:size-28" />
        )}
        <div className="min-w-0 flex-1">
          <p className={result.undone ? 'text-4xl font-extrabold text-stone-600 line-through sm:text-5xl' : 'text-4xl font-extrabold text-emerald-800 sm:text-5xl'}>Approved</p>
          <p className="mt-1 break-words text-3xl font-bold text-stone-900" data-testid="scan-member-name">{who}</p>
          <p className="mt-1 break-words text-lg text-stone-800">{result.dealTitle}{result.discount ? ` · ${result.discount}` : ''}</p>
          <RulesLine rulesText={result.rulesText} />
          {result.undone ? (
            <p className="mt-1 text-base font-semibold text-stone-800">Undone: the use was given back to the deal.</p>
          ) : (
            <p className="mt-1 text-sm text-stone-600">
              {result.firstName ? `Member #${formatMemberNumber(result.memberNumber)}` : 'Check the member card'}{result.usage ? ` · ${result.usage}` : ''}. Check it is them, then apply the discount.
              {result.offline && ' Checked offline: saved on this tablet and recorded when the connection returns.'}
            </p>
          )}
          {canUndo && (
            <div className="mt-3 flex flex-wrap items-center gap-3">
              <Button variant="outline" pending={undoing} onClick={onUndo}>Undo</Button>
              <span className="text-sm text-stone-700">Undo possible for <span className="font-mono tabular-nums">{left}</span></span>
            </div>
          )}
        </div>
      </div>
    );
  }
  return (
    <div ref={ref} role="alert" data-testid="scan-result" data-outcome="refused" className="rounded-2xl border-2 border-red-500 bg-red-50 p-5">
      <p className="text-4xl font-extrabold text-red-800 sm:text-5xl">Not approved</p>
      {result.firstName && <p className="mt-1 break-words text-3xl font-bold text-stone-900">{result.firstName}</p>}
      {result.dealTitle && <p className="mt-1 break-words text-lg text-stone-800">{result.dealTitle}</p>}
      <RulesLine rulesText={result.rulesText} />
      <p className="mt-2 break-words text-xl text-stone-900">{result.message}</p>
      {result.availableAt && (
        <p className="mt-2 text-2xl font-bold text-red-900" data-testid="scan-available-again">{availableAgainLabel(result.availableAt, nowMs, timeZone)}</p>
      )}
    </div>
  );
}
