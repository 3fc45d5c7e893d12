import { memo, type ReactNode } from 'react';
import type { MemberDeal, OfflineDealCodes } from '@shared/contract/index.ts';
import { Link } from 'react-router';
import { CategoryBadge, DealCardFrame, RatingSummary, ShareDealButton } from '@/components/deals/deal-card-parts';
import { MemberDealCode } from '@/components/deals/deal-code';
import { paths } from '@/config/paths';
import { discountLabel, memberUsageLabel } from '@/lib/deals/deal-format';
import { useCodeStepNow, useDealCode } from '@/lib/deals/code-clock';

interface MemberDealCardProps {
  deal: MemberDeal;
  /** Composed by the app (the follow feature): a follow control for the deal's business. */
  renderFollowButton?: (merchantId: string, merchantName: string) => ReactNode;
  /** Composed by the app (the reviews feature): Comments and Rate for the deal's business. */
  renderReviewActions?: (merchantId: string, merchantName: string) => ReactNode;
  /** This device's offline cover of the deal (decision 060): codes keep rotating without a network. */
  cover?: OfflineDealCodes;
}

/**
 * A deal as a member sees it: the current code to show at the counter, with its expiry. Memoised and drawn
 * only near the viewport (content-visibility), so a list of hundreds of cards scrolls and grows smoothly; it
 * re-renders when its deal or cover changes and when the code step turns over, never on a countdown tick.
 */
export const MemberDealCard = memo(function MemberDealCard({ deal, renderFollowButton, renderReviewActions, cover }: MemberDealCardProps) {
  const stepNowMs = useCodeStepNow();
  const shown = useDealCode({ code: deal.currentCode, expiresAt: deal.codeExpiresAt }, cover, stepNowMs);
  return (
    <DealCardFrame title={deal.title} category={deal.category} className="[contain-intrinsic-height:auto_24rem] [content-visibility:auto] max-sm:p-4">
      {/* The code right under the offer (issue 42): on a 320 × 640 phone the first card's code is on the first
          screen; the title, the business and the rules follow it, in reading order. */}
      <div className="flex items-start justify-between gap-3">
        <p className="text-2xl font-extrabold text-brand-800">{discountLabel(deal)}</p>
        <CategoryBadge category={deal.category} className="mt-1 shrink-0" />
      </div>
      <MemberDealCode shown={shown} look="card" className="mt-3" />
      <h3 className="mt-3 text-lg font-semibold text-stone-900">
        {/* The deal's own page, /deals/:id (decision 115). */}
        <Link to={paths.deal(deal.id)} className="-my-3 inline-block rounded-sm py-3 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700">
          {deal.title}
        </Link>
      </h3>
      <p className="text-sm font-medium text-stone-700">{deal.merchantName}</p>
      {/* Open now and how far (decision 209): the server's words, in the business's time. */}
      {deal.location && (deal.location.openText || deal.location.distanceMeters !== null) && (
        <p className="text-sm" data-testid="deal-open-state">
          {deal.location.openText && <span className={deal.location.openNow ? 'font-semibold text-green-800' : 'text-stone-700'}>{deal.location.openText}</span>}
          {deal.location.openText && deal.location.distanceMeters !== null && <span className="text-stone-600"> · </span>}
          {deal.location.distanceMeters !== null && <span className="text-stone-700">{distanceLabel(deal.location.distanceMeters)}</span>}
        </p>
      )}
      {deal.rating && <RatingSummary {...deal.rating} />}
      <p className="mt-2 text-sm text-stone-600">{deal.description}</p>
      {/* The rules and the per-member limit, before the visit (issue 38). */}
      {deal.rulesText && <p className="mt-2 text-sm font-medium text-stone-800" data-testid="deal-rules">{deal.rulesText}</p>}
      <p className="mt-3 text-xs text-stone-600">
        {memberUsageLabel(deal)}
      </p>
      <div className="mt-4 flex flex-wrap items-center gap-2 border-t border-stone-100 pt-4">
        {renderReviewActions?.(deal.merchantId, deal.merchantName)}
        <ShareDealButton deal={deal} />
        <span className="ml-auto">{renderFollowButton?.(deal.merchantId, deal.merchantName)}</span>
      </div>
    </DealCardFrame>
  );
});

/** 80 m, 950 m, 1.2 km, 14 km. */
export function distanceLabel(meters: number): string {
  if (meters < 1000) return `${Math.max(10, Math.round(meters / 10) * 10)} m`;
  return meters < 10_000 ? `${(meters / 1000).toFixed(1)} km` : `${Math.round(meters / 1000)} km`;
}
