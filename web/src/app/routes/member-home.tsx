import { lazy, Suspense } from 'react';
import { FollowButton } from '@/features/follows-and-updates/components/follow-button';
import { NotificationsNavButton } from '@/features/follows-and-updates/components/notifications-nav-button';
import { MemberHomePage } from '@/features/member-home/components/member-home-page';
import { ReviewActions } from '@/features/reviews/components/review-actions';

const followButton = (merchantId: string, merchantName: string) => <FollowButton businessId={merchantId} businessName={merchantName} />;
// The feed is its own chunk, fetched when its tab is first opened: /app's first screen (the deals) stays as it was.
const CommunityFeed = lazy(() => import('@/features/community/components/community-feed').then((m) => ({ default: m.CommunityFeed })));
const communityFeed = (
  <Suspense fallback={<p role="status" className="py-6 text-sm text-stone-600">Loading the community feed...</p>}>
    <CommunityFeed />
  </Suspense>
);
const reviewActions = (merchantId: string, merchantName: string) => <ReviewActions merchantId={merchantId} merchantName={merchantName} />;

/** The member home: its header's Notifications button, on each deal card the Follow and review controls, and the community feed. */
export function Component() {
  return <MemberHomePage notificationsButton={<NotificationsNavButton />} renderFollowButton={followButton} renderReviewActions={reviewActions} communityFeed={communityFeed} />;
}
