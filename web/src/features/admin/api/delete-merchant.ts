import type { DeletedAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { adminKeys } from './keys';

const deleteMerchant = (id: string) => apiJson<DeletedAnswer>('DELETE', `/api/admin/merchants/${id}`);

/** DELETE /api/admin/merchants/{id}; merchants and metrics are refetched. */
export const useDeleteMerchant = (callbacks?: MutationCallbacks<DeletedAnswer>) =>
  useApiMutation({ call: deleteMerchant, refresh: [adminKeys.merchants, adminKeys.metrics] }, callbacks);
