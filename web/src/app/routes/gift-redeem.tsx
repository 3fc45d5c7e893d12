export { GiftRedeemPage as Component } from '@/features/gifts/components/gift-redeem-page';
