import type { BusinessLocation, CreateLocationBody, UpdateLocationBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { merchantKeys } from '@/lib/merchant/merchant-keys';

const createLocation = (body: CreateLocationBody) => apiJson<BusinessLocation>('POST', '/api/merchant/locations', body);
const updateLocation = ({ id, changes }: { id: string; changes: UpdateLocationBody }) =>
  apiJson<BusinessLocation>('PATCH', `/api/merchant/locations/${encodeURIComponent(id)}`, changes);
const deleteLocation = (id: string) => apiJson<{ success: boolean }>('DELETE', `/api/merchant/locations/${encodeURIComponent(id)}`);

/** POST /api/merchant/locations */
export const useCreateLocation = (callbacks?: MutationCallbacks<BusinessLocation, CreateLocationBody>) =>
  useApiMutation({ call: createLocation, refresh: [merchantKeys.locations] }, callbacks);

/** PATCH /api/merchant/locations/{id} */
export const useUpdateLocation = (callbacks?: MutationCallbacks<BusinessLocation, { id: string; changes: UpdateLocationBody }>) =>
  useApiMutation({ call: updateLocation, refresh: [merchantKeys.locations] }, callbacks);

/** DELETE /api/merchant/locations/{id}: refused (409) for the last one, and for a deal's only location. */
export const useDeleteLocation = (callbacks?: MutationCallbacks<{ success: boolean }, string>) =>
  useApiMutation({ call: deleteLocation, refresh: [merchantKeys.locations, merchantKeys.deals] }, callbacks);
