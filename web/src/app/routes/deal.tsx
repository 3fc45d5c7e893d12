import { DealPage } from '@/features/deal-links/components/deal-page';
import { FollowButton } from '@/features/follows-and-updates/components/follow-button';
import { ReviewActions } from '@/features/reviews/components/review-actions';

const followButton = (merchantId: string, merchantName: string) => <FollowButton businessId={merchantId} businessName={merchantName} />;
const reviewActions = (merchantId: string, merchantName: string) => <ReviewActions merchantId={merchantId} merchantName={merchantName} />;

/** One deal from a link (decision 115), with the Follow and review controls of the business. */
export function Component() {
  return <DealPage renderFollowButton={followButton} renderReviewActions={reviewActions} />;
}
