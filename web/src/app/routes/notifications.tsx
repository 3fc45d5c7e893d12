export { NotificationsPage as Component } from '@/features/follows-and-updates/components/notifications-page';
