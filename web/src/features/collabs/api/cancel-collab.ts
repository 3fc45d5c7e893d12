import type { Collaboration } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { collabKeys } from './keys';

const cancelCollab = (id: string) => apiJson<Collaboration>('POST', `/api/collabs/${id}/cancel`);

/** POST /api/collabs/{id}/cancel (no body): the sender withdraws a pending request (CANCELLED); the list is refetched. */
export const useCancelCollab = (callbacks?: MutationCallbacks<Collaboration>) =>
  useApiMutation({ call: cancelCollab, refresh: [collabKeys.all] }, callbacks);
