import type { ReactNode } from 'react';
import { LoadFailure } from '@/components/ui/load-failure';
import { BackLink } from '@/components/layout/back-link';
import { ScreenTitle } from '@/components/layout/screen-title';
import { ButtonLink } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { usePublicDeals } from '../api/get-public-deals';
import { PublicDealCard } from './public-deal-card';

interface BrowseDealsPageProps {
  /** Composed by the app (the follow feature); the control hides itself for visitors. */
  renderFollowButton?: (merchantId: string, merchantName: string) => ReactNode;
}

/** /browse-deals (public): live deals with codes masked, and the ways in. */
export function BrowseDealsPage({ renderFollowButton }: BrowseDealsPageProps) {
  const deals = usePublicDeals();
  return (
    <main className="mx-auto min-h-dvh max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
      <BackLink to={paths.landing}>Back to home</BackLink>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <ScreenTitle subtitle="A subscription is required to access deal codes.">Browse Deals</ScreenTitle>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={paths.subscribe}>Subscribe to Unlock Codes</ButtonLink>
          <ButtonLink to={paths.register} variant="outline">Create a Free Account</ButtonLink>
        </div>
      </div>

      {deals.isPending ? (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading deals...">
          {Array.from({ length: 6 }, (_, i) => (
            <div key={i} className="space-y-3 rounded-2xl border border-stone-200 bg-white p-5">
              <div className="flex gap-3"><Skeleton className="size-12" /><Skeleton className="h-5 flex-1" /></div>
              <Skeleton className="h-7 w-24" />
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-12 w-full" />
            </div>
          ))}
        </div>
      ) : deals.isError ? (
        <LoadFailure message="Unable to load deals." onRetry={() => void deals.refetch()} />
      ) : deals.data.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-stone-300 p-10 text-center">
          <h2 className="text-lg font-semibold text-stone-900">No Deals Available</h2>
          <p className="mt-1 text-sm text-stone-600">Local businesses are adding deals soon. Check back shortly.</p>
        </div>
      ) : (
        <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {deals.data.map((deal) => (
            <PublicDealCard key={deal.id} deal={deal} followButton={renderFollowButton?.(deal.merchantId, deal.merchantName)} />
          ))}
        </div>
      )}

      <section className="rounded-2xl bg-brand-800 p-8 text-center text-white">
        <h2 className="text-2xl font-bold">See every code. Support your town.</h2>
        <p className="mx-auto mt-2 max-w-xl text-white/85">Members unlock rotating codes from small, family-owned businesses, and 10% of every subscription goes to a local charity.</p>
        <div className="mt-5 flex flex-wrap justify-center gap-3">
          <ButtonLink to={paths.subscribe} variant="inverse" size="lg">Subscribe Now</ButtonLink>
          <ButtonLink to={paths.register} variant="outlineOnDark" size="lg">Join for Free</ButtonLink>
        </div>
      </section>
    </main>
  );
}
