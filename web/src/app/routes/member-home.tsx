import { FollowButton } from '@/features/follows-and-updates/components/follow-button';
import { NotificationsNavButton } from '@/features/follows-and-updates/components/notifications-nav-button';
import { MemberHomePage } from '@/features/member-home/components/member-home-page';
import { ReviewActions } from '@/features/reviews/components/review-actions';

const followButton = (merchantId: string, merchantName: string) => <FollowButton businessId={merchantId} businessName={merchantName} />;
const reviewActions = (merchantId: string, merchantName: string) => <ReviewActions merchantId={merchantId} merchantName={merchantName} />;

/** The member home: its header's Notifications button, and on each deal card the Follow and review controls. */
export function Component() {
  return <MemberHomePage notificationsButton={<NotificationsNavButton />} renderFollowButton={followButton} renderReviewActions={reviewActions} />;
}
