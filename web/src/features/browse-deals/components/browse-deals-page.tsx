import { BackLink } from '@/components/layout/back-link';
import { ComingSoonCard } from '@/components/layout/coming-soon-card';
import { ScreenTitle } from '@/components/layout/screen-title';
import { paths } from '@/config/paths';

/** /browse-deals (public). Deal cards with masked codes arrive with the deals issue. */
export function BrowseDealsPage() {
  return (
    <main className="mx-auto min-h-dvh max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
      <BackLink to={paths.landing}>Back to home</BackLink>
      <ScreenTitle subtitle="A subscription is required to access deal codes.">Browse Deals</ScreenTitle>
      <ComingSoonCard>Local deals will appear here.</ComingSoonCard>
    </main>
  );
}
