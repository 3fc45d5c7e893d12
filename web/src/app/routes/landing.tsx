export { LandingPage as Component } from '@/features/marketing/components/landing-page';
