import type { PairingCodeAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { staffKeys } from './staff-keys';

/** The code pairs a tablet at this location (issue 40); null: the first location until the owner moves it. */
const createPairingCode = (locationId: string | null) =>
  apiJson<PairingCodeAnswer>('POST', `/api/merchant/counter-devices${locationId ? `?locationId=${encodeURIComponent(locationId)}` : ''}`);

/** POST /api/merchant/counter-devices[?locationId=]: a one-time code (10 minutes) to type on the tablet. */
export const useCreatePairingCode = (callbacks?: MutationCallbacks<PairingCodeAnswer, string | null>) =>
  useApiMutation({ call: createPairingCode, refresh: [staffKeys.devices] }, callbacks);
