import type { Collaboration, CollaborationRequestBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { collabKeys } from './keys';

const createCollab = (body: CollaborationRequestBody) => apiJson<Collaboration>('POST', '/api/collabs', body);

/** POST /api/collabs; the collaboration lists are refetched afterwards. */
export const useCreateCollab = (callbacks?: MutationCallbacks<Collaboration>) =>
  useApiMutation({ call: createCollab, refresh: [collabKeys.all] }, callbacks);
