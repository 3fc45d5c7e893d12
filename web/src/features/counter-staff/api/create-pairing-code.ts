import type { PairingCodeAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { staffKeys } from './staff-keys';

const createPairingCode = () => apiJson<PairingCodeAnswer>('POST', '/api/merchant/counter-devices');

/** POST /api/merchant/counter-devices: a one-time code (10 minutes) to type on the tablet. */
export const useCreatePairingCode = (callbacks?: MutationCallbacks<PairingCodeAnswer>) =>
  useApiMutation({ call: createPairingCode, refresh: [staffKeys.devices] }, callbacks);
