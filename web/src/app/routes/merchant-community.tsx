export { MerchantCommunityPage as Component } from '@/features/community/components/merchant-community-page';
