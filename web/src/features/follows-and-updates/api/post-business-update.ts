import type { BusinessUpdate, BusinessUpdateBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { businessUpdateKeys } from './keys';

const postBusinessUpdate = (body: BusinessUpdateBody) => apiJson<BusinessUpdate>('POST', '/api/merchant/updates', body);

/** POST /api/merchant/updates: sends a short update to every follower (the list refetches meanwhile). */
export const usePostBusinessUpdate = (callbacks?: MutationCallbacks<BusinessUpdate>) =>
  useApiMutation({ call: postBusinessUpdate, refresh: (queryClient) => void queryClient.invalidateQueries({ queryKey: businessUpdateKeys.list }) }, callbacks);
