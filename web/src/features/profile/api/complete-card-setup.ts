import type { CardCompleteAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';
import { refreshBilling } from './billing-keys';

const completeCardSetup = (setupIntentId: string) => apiJson<CardCompleteAnswer>('POST', '/api/subscription/card/complete', { setupIntentId });

/** POST /api/subscription/card/complete: saves the card and pays an open renewal with it. */
export const useCompleteCardSetup = () => useApiMutation({ call: completeCardSetup, refresh: refreshBilling });
