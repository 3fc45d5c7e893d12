import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useUnreadNotificationCount } from '../api/get-notifications';
import { useLiveNotifications } from '../hooks/use-live-notifications';
import { unreadBadgeText } from '../utils/notification-style';
import { BellIcon } from './icons';

/**
 * The member header's "Notifications" button with the unread count, kept live over realtime.
 * For the member home header, placed by the app (app/routes/member-home.tsx).
 */
export function NotificationsNavButton() {
  useLiveNotifications();
  const unread = useUnreadNotificationCount();
  return (
    <ButtonLink to={paths.notifications} variant="ghost" size="sm" className="relative min-w-11">
      <BellIcon className="size-4" aria-hidden="true" />
      {/* The bell alone on phones: the header keeps one row at 320 px (issue 31). */}
      <span className="sr-only sm:not-sr-only">Notifications</span>
      {unread > 0 && (
        <span
          data-testid="unread-count"
          className="-ml-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1.5 text-xs leading-5 font-bold text-white"
        >
          {unreadBadgeText(unread)}
          <span className="sr-only"> unread</span>
        </span>
      )}
    </ButtonLink>
  );
}
