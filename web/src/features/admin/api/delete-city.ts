import type { DeletedAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { refreshCities } from './refresh-cities';

const deleteCity = (id: string) => apiJson<DeletedAnswer>('DELETE', `/api/admin/cities/${id}`);

/** DELETE /api/admin/cities/{id} */
export const useDeleteCity = (callbacks?: MutationCallbacks<DeletedAnswer>) => useApiMutation({ call: deleteCity, refresh: refreshCities }, callbacks);
