import { lazy, Suspense } from 'react';
import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';

// Slots where one feature's control appears on another feature's screen (features never import each other).
// Each is its own chunk, fetched together with the screens that show it (lazy-pages.ts), so no screen
// carries another feature's code in its first download.

export const loadFollowButton = () => import('@/features/follows-and-updates/slots/follow-button');
export const loadNotificationsNavButton = () => import('@/features/follows-and-updates/slots/notifications-nav-button');
export const loadPostUpdateCard = () => import('@/features/follows-and-updates/slots/post-update-card');

const FollowButton = lazy(async () => ({ default: (await loadFollowButton()).FollowButton }));
const NotificationsNavButton = lazy(async () => ({ default: (await loadNotificationsNavButton()).NotificationsNavButton }));
const PostUpdateCard = lazy(async () => ({ default: (await loadPostUpdateCard()).PostUpdateCard }));

export const followButton = (merchantId: string, merchantName: string) => (
  <Suspense fallback={null}>
    <FollowButton businessId={merchantId} businessName={merchantName} />
  </Suspense>
);

/** The member header's Notifications button; a plain link stands in for the moment its chunk arrives. */
export const notificationsButton = (
  <Suspense fallback={<ButtonLink to={paths.notifications} variant="ghost" size="sm">Notifications</ButtonLink>}>
    <NotificationsNavButton />
  </Suspense>
);

export const updateComposer = (
  <Suspense fallback={null}>
    <PostUpdateCard />
  </Suspense>
);
