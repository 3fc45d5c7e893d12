import type { CreateSubscriptionAnswer, CreateSubscriptionBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';

const createSubscription = (body: CreateSubscriptionBody) =>
  apiJson<CreateSubscriptionAnswer>('POST', '/api/create-subscription', body);

/** POST /api/create-subscription: starts the checkout; the answer carries the clientSecret for the card step. */
export const useCreateSubscription = () => useApiMutation({ call: createSubscription });
