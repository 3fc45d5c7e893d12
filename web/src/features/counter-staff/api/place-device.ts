import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { staffKeys } from './staff-keys';

const placeDevice = ({ id, locationId }: { id: string; locationId: string }) =>
  apiJson<{ success: boolean }>('PATCH', `/api/merchant/counter-devices/${encodeURIComponent(id)}`, { locationId });

/** PATCH /api/merchant/counter-devices/{id}: the tablet now stands at that location; its next redemptions count there. */
export const usePlaceDevice = (callbacks?: MutationCallbacks<{ success: boolean }, { id: string; locationId: string }>) =>
  useApiMutation({ call: placeDevice, refresh: [staffKeys.devices] }, callbacks);
