import type { AdminCity, CreateCityBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { refreshCities } from './refresh-cities';

const createCity = (body: CreateCityBody) => apiJson<AdminCity>('POST', '/api/admin/cities', body);

/** POST /api/admin/cities {name, state, description} */
export const useCreateCity = (callbacks?: MutationCallbacks<AdminCity>) => useApiMutation({ call: createCity, refresh: refreshCities }, callbacks);
