import type { AdminCharity, UpdateCharityBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { refreshCharities } from './refresh-charities';

const updateCharity = ({ id, ...body }: UpdateCharityBody & { id: string }) =>
  apiJson<AdminCharity>('PATCH', `/api/admin/charities/${id}`, body);

/** PATCH /api/admin/charities/{id} {name, isDefault, retired}: edit, retire (retired: true) or restore (false). */
export const useUpdateCharity = (callbacks?: MutationCallbacks<AdminCharity>) =>
  useApiMutation({ call: updateCharity, refresh: refreshCharities }, callbacks);
