export { ReceiptPage as Component } from '@/features/profile/components/receipt-page';
