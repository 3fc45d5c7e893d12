import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicDeal } from '@shared/contract/index.ts';
import { BusinessLogo } from '@/components/deals/business-logo';
import { CategoryBadge, DealCardFrame } from '@/components/deals/deal-card-parts';
import { paths } from '@/config/paths';
import { discountLabel } from '@/lib/deals/deal-format';
import { shortDate } from '@/lib/dates';


/** A public deal: the code is masked behind "Subscribe to reveal". */
export function PublicDealCard({ deal, followButton }: { deal: PublicDeal; followButton?: ReactNode }) {
  const city = deal.merchant.city;
  return (
    <DealCardFrame title={deal.title} category={deal.category} className="min-w-0">
      <div className="flex flex-wrap items-start gap-3">
        <BusinessLogo name={deal.merchant.businessName} logoUrl={deal.merchant.logoUrl} box="size-12 shrink-0 rounded-lg" />
        <div className="min-w-0 flex-1">
          <p className="font-semibold text-stone-900">{deal.merchant.businessName}</p>
          {city && <p className="text-xs text-stone-600">{city.name}, {city.state}</p>}
        </div>
        {followButton}
      </div>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2">
        <p className="text-2xl font-extrabold text-brand-800">{discountLabel(deal)}</p>
        <CategoryBadge category={deal.category} />
      </div>
      <h2 className="mt-1 text-lg font-semibold break-words text-stone-900">{deal.title}</h2>
      <p className="mt-1 flex-1 text-sm text-stone-600">{deal.description}</p>
      {deal.rulesText && <p className="mt-2 text-sm font-medium text-stone-800" data-testid="deal-rules">{deal.rulesText}</p>}
      <Link
        to={paths.subscribe}
        className="mt-4 flex items-center justify-between gap-3 rounded-xl bg-stone-900 px-4 py-3 text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        <span aria-hidden="true" className="font-mono text-2xl font-bold tracking-[0.2em] text-stone-400 blur-[3px] select-none">••••••</span>
        <span className="text-right text-sm font-semibold">Subscribe to reveal</span>
      </Link>
      {deal.validUntil && <p className="mt-2 text-xs text-stone-600">Valid until {shortDate(deal.validUntil)}</p>}
    </DealCardFrame>
  );
}
