import type { SubscriptionActionAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { invalidateMembership } from '@/lib/subscription/invalidate-membership';

const pauseSubscription = () => apiJson<SubscriptionActionAnswer>('POST', '/api/subscription/pause');

/** POST /api/subscription/pause (no body): collection paused, access stops until support resumes it. */
export const usePauseSubscription = () => useApiMutation({ call: pauseSubscription, refresh: invalidateMembership });
