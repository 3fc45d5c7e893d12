import type { SubscriptionActionAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { refreshBilling } from './billing-keys';

const changePlan = (plan: 'monthly' | 'yearly') => apiJson<SubscriptionActionAnswer>('POST', '/api/subscription/plan-change', { plan });

/** POST /api/subscription/plan-change {plan}: charges the proration and switches now. */
export const useChangePlan = () => useApiMutation({ call: changePlan, refresh: refreshBilling });
