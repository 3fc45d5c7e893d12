import { BackLink } from '@/components/layout/back-link';
import { ComingSoonCard } from '@/components/layout/coming-soon-card';
import { ScreenTitle } from '@/components/layout/screen-title';
import { SignedInHeader } from '@/components/layout/signed-in-header';
import { paths } from '@/config/paths';

/** /merchant/deals. The deal grid and form arrive with the merchant deals issue. */
export function MerchantDealsPage() {
  return (
    <div className="min-h-dvh">
      <SignedInHeader homePath={paths.merchant} />
      <main className="mx-auto max-w-6xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <BackLink to={paths.merchant}>Back to Dashboard</BackLink>
        <ScreenTitle>My Deals</ScreenTitle>
        <ComingSoonCard>Your deals will appear here.</ComingSoonCard>
      </main>
    </div>
  );
}
