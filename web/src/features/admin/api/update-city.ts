import type { AdminCity, UpdateCityBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { refreshCities } from './refresh-cities';

const updateCity = ({ id, ...body }: UpdateCityBody & { id: string }) => apiJson<AdminCity>('PATCH', `/api/admin/cities/${id}`, body);

/** PATCH /api/admin/cities/{id} {name, state, description, active} */
export const useUpdateCity = (callbacks?: MutationCallbacks<AdminCity>) => useApiMutation({ call: updateCity, refresh: refreshCities }, callbacks);
