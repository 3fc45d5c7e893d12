import { lazy, Suspense } from 'react';
import type { PublicDealLinkAnswer } from '@shared/contract/index.ts';
import { BusinessLogo } from '@/components/deals/business-logo';
import { CategoryBadge } from '@/components/deals/deal-card-parts';
import { BackLink } from '@/components/layout/back-link';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { shortDate } from '@/lib/dates';
import { discountLabel } from '@/lib/deals/deal-format';

// The locations section is fetched when first shown (out of the precache, which is full); offline before that it
// shows nothing rather than failing the page.
const BusinessLocations = lazy(() => import('./business-locations').catch(() => ({ default: () => null })));

/** A deal from its link for anyone without an active membership: the code hidden, and the way to subscribe. */
export function VisitorDealView({ deal, signedIn }: { deal: PublicDealLinkAnswer; signedIn: boolean }) {
  const city = deal.merchant.city;
  return (
    <>
      <BackLink to={paths.browseDeals}>Browse all deals</BackLink>
      <article aria-labelledby="deal-title" className="space-y-5 rounded-2xl border border-stone-200 bg-white p-6 shadow-sm sm:p-8">
        <div className="flex items-start gap-4">
          <BusinessLogo name={deal.merchant.businessName} logoUrl={deal.merchant.logoUrl} box="size-14 shrink-0 rounded-lg" initialSize="text-xl" />
          <div className="min-w-0 flex-1">
            <p className="font-semibold text-stone-900">{deal.merchant.businessName}</p>
            {city && <p className="text-sm text-stone-600">{city.name}, {city.state}</p>}
          </div>
          <CategoryBadge category={deal.category} />
        </div>
        <div>
          <p className="text-3xl font-extrabold text-brand-800">{discountLabel(deal)}</p>
          <h1 id="deal-title" className="mt-1 text-2xl font-bold text-stone-900">{deal.title}</h1>
        </div>
        <p className="text-stone-700">{deal.description}</p>
        {deal.rulesText && <p className="font-medium text-stone-800" data-testid="deal-rules">{deal.rulesText}</p>}
        <div className="flex items-center justify-between gap-3 rounded-xl bg-stone-900 px-4 py-4 text-white" data-testid="code-hidden">
          <span aria-hidden="true" className="font-mono text-3xl font-bold tracking-[0.2em] text-stone-400 blur-[3px] select-none">••••••</span>
          <span className="text-sm font-semibold">Code hidden: members only</span>
        </div>
        {deal.validUntil && <p className="text-sm text-stone-600">Valid until {shortDate(deal.validUntil)}</p>}
        {deal.locations?.length ? <Suspense fallback={null}><BusinessLocations locations={deal.locations} /></Suspense> : null}
      </article>
      <section aria-labelledby="subscribe-cta" className="rounded-2xl bg-brand-800 p-8 text-center text-white">
        <h2 id="subscribe-cta" className="text-2xl font-bold">Subscribe to see the code</h2>
        <p className="mx-auto mt-2 max-w-xl text-white/85">
          Members see this deal's rotating code and every other deal in town, and 10% of every subscription goes to a local charity.
        </p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          <ButtonLink to={paths.subscribe} variant="inverse" size="lg">Subscribe Now</ButtonLink>
          {!signedIn && <ButtonLink to={paths.login} variant="outlineOnDark" size="lg">I'm a member: log in</ButtonLink>}
        </div>
      </section>
    </>
  );
}
