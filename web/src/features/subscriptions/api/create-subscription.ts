import { useMutation } from '@tanstack/react-query';
import type { CreateSubscriptionAnswer, CreateSubscriptionBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';

const createSubscription = (body: CreateSubscriptionBody) =>
  apiJson<CreateSubscriptionAnswer>('POST', '/api/create-subscription', body);

/** POST /api/create-subscription: starts the checkout; the answer carries the clientSecret for the card step. */
export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}
