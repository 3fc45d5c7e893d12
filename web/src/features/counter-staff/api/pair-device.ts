import type { PairBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { staffKeys } from './staff-keys';

const pairDevice = (body: PairBody) => apiJson<{ businessName: string }>('POST', '/api/counter/pair', body);

/** POST /api/counter/pair {code}: this tablet becomes the business's counter (device cookie, HttpOnly). */
export const usePairDevice = (callbacks?: MutationCallbacks<{ businessName: string }>) =>
  useApiMutation({ call: pairDevice, refresh: (queryClient) => void queryClient.invalidateQueries({ queryKey: staffKeys.device }) }, callbacks);
