export { MerchantDealsPage as Component } from '@/features/merchant/components/merchant-deals-page';
