export { TermsPage as Component } from '@/features/marketing/components/terms-page';
