export { PrivacyPage as Component } from '@/features/marketing/components/privacy-page';
