import type { AdminCharity, CreateCharityBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { refreshCharities } from './refresh-charities';

const createCharity = (body: CreateCharityBody) => apiJson<AdminCharity>('POST', '/api/admin/charities', body);

/** POST /api/admin/charities {cityId, name, isDefault} */
export const useCreateCharity = (callbacks?: MutationCallbacks<AdminCharity>) =>
  useApiMutation({ call: createCharity, refresh: refreshCharities }, callbacks);
