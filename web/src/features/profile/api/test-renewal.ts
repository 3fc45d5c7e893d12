import type { SubscriptionActionAnswer, TestRenewalBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { refreshBilling } from './billing-keys';

const testRenewal = (outcome: TestRenewalBody['outcome']) => apiJson<SubscriptionActionAnswer>('POST', '/api/test-payments/renewal', { outcome });

/** POST /api/test-payments/renewal {outcome}: the test-mode control (built-in test payments only). */
export const useTestRenewal = () => useApiMutation({ call: testRenewal, refresh: refreshBilling });
