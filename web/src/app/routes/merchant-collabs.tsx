export { MerchantCollabsPage as Component } from '@/features/collabs/components/merchant-collabs-page';
