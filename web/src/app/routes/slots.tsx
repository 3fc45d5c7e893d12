import { type ComponentType, type ReactNode, Suspense } from 'react';
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

/** A slot with no props: its component, with `fallback` (nothing unless given) while its chunk arrives. */
const suspended = (Slot: ComponentType<object>, fallback: ReactNode = null) => (
  <Suspense fallback={fallback}>
    <Slot />
  </Suspense>
);

const followButton = (merchantId: string, merchantName: string) => (
  <Suspense fallback={null}>
    <FollowButton businessId={merchantId} businessName={merchantName} />
  </Suspense>
);

/** The member header's Notifications button; a plain link stands in for the moment its chunk arrives. */
const notificationsButton = suspended(
  NotificationsNavButton,
  <ButtonLink to={paths.notifications} variant="ghost" size="sm">Notifications</ButtonLink>,
);
const updateComposer = suspended(PostUpdateCard);
const staffCard = suspended(StaffCard);
const counterStaffBar = suspended(CounterStaffBar);

const reviewActions = (merchantId: string, merchantName: string) => (
  <Suspense fallback={null}>
    <ReviewActions merchantId={merchantId} merchantName={merchantName} />
  </Suspense>
);

const merchantReviewsCard = suspended(MerchantReviewsCard);
const adminReviewQueue = suspended(AdminReviewQueue, <p role="status" className="py-6 text-sm text-stone-600">Loading the queue...</p>);

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
