export { MerchantInsightsPage as Component } from '@/features/insights/components/merchant-insights-page';
