import type { CardSetupAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { useApiMutation } from '@/lib/api-mutation';

const startCardSetup = () => apiJson<CardSetupAnswer>('POST', '/api/subscription/card');

/** POST /api/subscription/card: a SetupIntent to confirm in the browser. */
export const useStartCardSetup = () => useApiMutation({ call: startCardSetup });
