import { BackLink } from '@/components/layout/back-link';
import { ScreenTitle } from '@/components/layout/screen-title';
import { SignedInScreen } from '@/components/layout/signed-in-screen';
import { paths } from '@/config/paths';
import { useMerchantDeals } from '@/lib/merchant/get-merchant-deals';
import { CommunityFeed } from './community-feed';

/** /merchant/community: the business reads its city's feed and posts in it, linking one of its live deals. */
export function MerchantCommunityPage() {
  const deals = useMerchantDeals();
  // The deals a post may link: the business's own with a code now, i.e. live (the API checks again).
  const live = (deals.data ?? []).filter((deal) => deal.currentCode !== null).map((deal) => ({ id: deal.id, title: deal.title }));
  return (
    <SignedInScreen homePath={paths.merchant} badge="Merchant">
      <main className="mx-auto max-w-3xl space-y-6 px-4 py-8 sm:px-6 sm:py-12">
        <BackLink to={paths.merchant}>Back to Dashboard</BackLink>
        <ScreenTitle subtitle="What your neighbours are saying, and your news for them.">Community</ScreenTitle>
        <CommunityFeed deals={live} />
      </main>
    </SignedInScreen>
  );
}
