import { BackLink } from '@/components/layout/back-link';
import { ComingSoonCard } from '@/components/layout/coming-soon-card';
import { ScreenTitle } from '@/components/layout/screen-title';
import { SignedInHeader } from '@/components/layout/signed-in-header';
import { paths } from '@/config/paths';

/** /merchant/collabs. Browsing, requests and active collaborations arrive with the collabs issue. */
export function MerchantCollabsPage() {
  return (
    <div className="min-h-dvh">
      <SignedInHeader homePath={paths.merchant} />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <BackLink to={paths.merchant}>Back to Dashboard</BackLink>
        <ScreenTitle subtitle="Connect with nearby businesses for mutual discount collaborations">Local Collabs</ScreenTitle>
        <ComingSoonCard>Nearby businesses and your collaboration requests will appear here.</ComingSoonCard>
      </main>
    </div>
  );
}
