import type { SubscriptionActionAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { invalidateMembership } from '@/lib/subscription/invalidate-membership';

const cancelSubscription = () => apiJson<SubscriptionActionAnswer>('POST', '/api/subscription/cancel');

/** POST /api/subscription/cancel (no body): ends at the period end (cancelAtPeriodEnd). */
export const useCancelSubscription = () => useApiMutation({ call: cancelSubscription, refresh: invalidateMembership });
