import type { Collaboration } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { collabKeys } from './keys';

export type CollabAnswer = 'accept' | 'deny';

const answerCollab = ({ id, answer }: { id: string; answer: CollabAnswer }) =>
  apiJson<Collaboration>('POST', `/api/collabs/${id}/${answer}`);

/** POST /api/collabs/{id}/accept or /deny (no body); the list is refetched afterwards; onSuccess hears which. */
export const useAnswerCollab = (callbacks?: MutationCallbacks<CollabAnswer>) =>
  useApiMutation({ call: answerCollab, refresh: [collabKeys.all], result: (_collab, { answer }) => answer }, callbacks);
