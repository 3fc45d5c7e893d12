import { type ReactNode, Suspense } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { slotComponent } from './lazy-pages';
import type { SlotName } from './route-table';

// Slots where one feature's control appears on another feature's screen (features never import each other).
// Each is its own chunk, fetched together with the screens that show it (route-table.ts), so no screen
// carries another feature's code in its first download.

const FollowButton = slotComponent<{ businessId: string; businessName: string }>('followButton', 'FollowButton');
const NotificationsNavButton = slotComponent<object>('notificationsButton', 'NotificationsNavButton');
const PostUpdateCard = slotComponent<object>('updateComposer', 'PostUpdateCard');
const StaffCard = slotComponent<object>('staffCard', 'StaffCard');
const CounterStaffBar = slotComponent<object>('counterStaffBar', 'CounterStaffBar');
const ReviewActions = slotComponent<{ merchantId: string; merchantName: string }>('reviewActions', 'ReviewActions');
const MerchantReviewsCard = slotComponent<object>('merchantReviewsCard', 'MerchantReviewsCard');
const AdminReviewQueue = slotComponent<object>('adminReviewQueue', 'AdminReviewQueue');

const followButton = (merchantId: string, merchantName: string) => (
  <Suspense fallback={null}>
    <FollowButton businessId={merchantId} businessName={merchantName} />
  </Suspense>
);

/** The member header's Notifications button; a plain link stands in for the moment its chunk arrives. */
const notificationsButton = (
  <Suspense fallback={<ButtonLink to={paths.notifications} variant="ghost" size="sm">Notifications</ButtonLink>}>
    <NotificationsNavButton />
  </Suspense>
);

const updateComposer = (
  <Suspense fallback={null}>
    <PostUpdateCard />
  </Suspense>
);

const staffCard = (
  <Suspense fallback={null}>
    <StaffCard />
  </Suspense>
);

const counterStaffBar = (
  <Suspense fallback={null}>
    <CounterStaffBar />
  </Suspense>
);

const reviewActions = (merchantId: string, merchantName: string) => (
  <Suspense fallback={null}>
    <ReviewActions merchantId={merchantId} merchantName={merchantName} />
  </Suspense>
);

const merchantReviewsCard = (
  <Suspense fallback={null}>
    <MerchantReviewsCard />
  </Suspense>
);

const adminReviewQueue = (
  <Suspense fallback={<p role="status" className="py-6 text-sm text-stone-600">Loading the queue...</p>}>
    <AdminReviewQueue />
  </Suspense>
);

/** What each slot gives the page that shows it (the prop's value). */
export const slotValues: Record<SlotName, ReactNode | ((merchantId: string, merchantName: string) => ReactNode)> = {
  followButton,
  notificationsButton,
  updateComposer,
  staffCard,
  counterStaffBar,
  reviewActions,
  merchantReviewsCard,
  adminReviewQueue,
};
