export { TestInvoicePage as Component } from '@/features/profile/components/test-invoice-page';
