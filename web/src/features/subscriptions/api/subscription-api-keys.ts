export const paymentKeys = {
  config: ['/api/payments/config'] as const,
};
