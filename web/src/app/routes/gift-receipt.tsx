export { GiftReceiptPage as Component } from '@/features/gifts/components/gift-receipt-page';
