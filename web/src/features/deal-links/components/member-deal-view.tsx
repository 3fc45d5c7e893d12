import { lazy, type ReactNode, Suspense } from 'react';
import type { MemberDealLinkAnswer } from '@shared/contract/index.ts';
import { CategoryBadge, RatingSummary, ShareDealButton } from '@/components/deals/deal-card-parts';
import { MemberDealCode } from '@/components/deals/deal-code';
import { BackLink } from '@/components/layout/back-link';
import { paths } from '@/config/paths';
import { shortDate } from '@/lib/dates';
import { discountLabel, memberUsageLabel } from '@/lib/deals/deal-format';
import { useDealCode, useNow } from '@/lib/deals/code-clock';

// The locations section is fetched when first shown (out of the precache, which is full); offline before that it
// shows nothing rather than failing the page.
const BusinessLocations = lazy(() => import('./business-locations').catch(() => ({ default: () => null })));

/** A deal as a member sees it from its link: the code to show at the counter, its countdown, and sharing. */
export function MemberDealView({ deal, followButton, reviewActions }: { deal: MemberDealLinkAnswer; followButton?: ReactNode; reviewActions?: ReactNode }) {
  const nowMs = useNow();
  const shown = useDealCode({ code: deal.currentCode, expiresAt: deal.codeExpiresAt }, deal.offlineCodes ?? undefined, nowMs);
  return (
    <>
      <BackLink to={paths.memberHome}>Back to deals</BackLink>
      <article aria-labelledby="deal-title" className="space-y-5 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <p className="text-3xl font-extrabold text-brand-800">{discountLabel(deal)}</p>
            <h1 id="deal-title" className="mt-1 text-2xl font-bold text-stone-900">{deal.title}</h1>
            <p className="font-medium text-stone-700">{deal.merchantName}</p>
            {deal.rating && <RatingSummary {...deal.rating} />}
          </div>
          <CategoryBadge category={deal.category} />
        </div>
        <p className="text-stone-700">{deal.description}</p>
        {deal.rulesText && <p className="font-medium text-stone-800" data-testid="deal-rules">{deal.rulesText}</p>}
        <MemberDealCode shown={shown} look="page" />
        <p className="text-sm text-stone-600">
          {memberUsageLabel(deal)}
          {deal.validTo && <> · Valid until {shortDate(deal.validTo)}</>}
        </p>
        <div className="flex flex-wrap items-center gap-2 border-t border-stone-100 pt-4">
          {reviewActions}
          <ShareDealButton deal={deal} />
          <span className="ml-auto">{followButton}</span>
        </div>
        {deal.locations?.length ? <Suspense fallback={null}><BusinessLocations locations={deal.locations} /></Suspense> : null}
      </article>
    </>
  );
}
