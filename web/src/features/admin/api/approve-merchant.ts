import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { adminKeys } from './keys';

const approveMerchant = (id: string) => apiJson<unknown>('POST', `/api/admin/merchants/${id}/approve`);

/** POST /api/admin/merchants/{id}/approve (no body); merchants and metrics are refetched. */
export const useApproveMerchant = (callbacks?: MutationCallbacks<unknown>) =>
  useApiMutation({ call: approveMerchant, refresh: [adminKeys.merchants, adminKeys.metrics] }, callbacks);
