export { SubscribePage as Component } from '@/features/subscriptions/components/subscribe-page';
