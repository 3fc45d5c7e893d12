import type { ChangePinBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';

const changePin = (body: ChangePinBody) => apiJson<{ success: boolean }>('PUT', '/api/counter/pin', body);

/** PUT /api/counter/pin {password, pin}: the signed-in staff member's new PIN. */
export const useChangePin = (callbacks?: MutationCallbacks<{ success: boolean }>) => useApiMutation({ call: changePin }, callbacks);
