import type { DeletedAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { adminKeys } from './keys';

const deleteUser = (id: string) => apiJson<DeletedAnswer>('DELETE', `/api/admin/users/${id}`);

/** DELETE /api/admin/users/{id}; users, merchants (an owner's business goes too) and metrics are refetched. */
export const useDeleteUser = (callbacks?: MutationCallbacks<DeletedAnswer>) =>
  useApiMutation({ call: deleteUser, refresh: [adminKeys.usersRoot, adminKeys.merchants, adminKeys.metrics] }, callbacks);
