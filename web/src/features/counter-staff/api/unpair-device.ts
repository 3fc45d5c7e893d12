import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { staffKeys } from './staff-keys';

const unpairDevice = (id: string) => apiJson<{ success: boolean }>('DELETE', `/api/merchant/counter-devices/${encodeURIComponent(id)}`);

/** DELETE /api/merchant/counter-devices/{id}: the tablet stops being a counter; staff on it are signed out. */
export const useUnpairDevice = (callbacks?: MutationCallbacks<{ success: boolean }>) =>
  useApiMutation({ call: unpairDevice, refresh: [staffKeys.devices] }, callbacks);
