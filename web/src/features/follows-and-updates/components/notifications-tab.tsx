import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationRead } from '../api/mark-notification-read';
import { CardPlaceholders } from './card-placeholders';
import { EmptyState } from './empty-state';
import { BellIcon } from './icons';
import { LoadError } from './load-error';
import { NotificationCard } from './notification-card';
import { SectionHeading } from './section-heading';

export function NotificationsTab() {
  const notifications = useNotifications();
  const markRead = useMarkNotificationRead({
    onError: (error) => toast({ title: 'Error', description: errorMessage(error, 'Failed to mark notification as read'), variant: 'destructive' }),
  });

  return (
    <section aria-labelledby="your-notifications" className="space-y-4">
      <SectionHeading id="your-notifications" title="Your Notifications">
        Get notified when businesses you follow post new deals or updates
      </SectionHeading>
      {notifications.isPending ? (
        <CardPlaceholders count={5} label="Loading notifications..." />
      ) : !notifications.data ? ( // a failed refetch (offline) keeps the last list on screen
        <LoadError what="notifications" onRetry={() => void notifications.refetch()} retrying={notifications.isFetching} />
      ) : notifications.data.length === 0 ? (
        <EmptyState icon={<BellIcon className="size-6" aria-hidden="true" />} title="No notifications yet">
          Follow businesses to get notified about new deals
        </EmptyState>
      ) : (
        <ul className="space-y-3">
          {notifications.data.map((n) => (
            <li key={n.id}>
              <NotificationCard
                notification={n}
                onMarkRead={(id) => markRead.mutate(id)}
                marking={markRead.isPending && markRead.variables === n.id}
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
