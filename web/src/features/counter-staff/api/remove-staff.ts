import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { staffKeys } from './staff-keys';

const removeStaff = (id: string) => apiJson<{ success: boolean }>('DELETE', `/api/merchant/staff/${encodeURIComponent(id)}`);

/** DELETE /api/merchant/staff/{id}: removed at once; their sessions end. */
export const useRemoveStaff = (callbacks?: MutationCallbacks<{ success: boolean }>) =>
  useApiMutation({ call: removeStaff, refresh: [staffKeys.staff] }, callbacks);
