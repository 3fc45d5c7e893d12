import { BrowseDealsPage } from '@/features/browse-deals/components/browse-deals-page';
import { FollowButton } from '@/features/follows-and-updates/components/follow-button';

const followButton = (merchantId: string, merchantName: string) => <FollowButton businessId={merchantId} businessName={merchantName} />;

/** The public deal list, with follows-and-updates' Follow button on each card (members only; it hides itself otherwise). */
export function Component() {
  return <BrowseDealsPage renderFollowButton={followButton} />;
}
