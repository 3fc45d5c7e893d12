export { MerchantLocationsPage as Component } from '@/features/locations/components/merchant-locations-page';
