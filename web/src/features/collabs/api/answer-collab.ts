import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Collaboration } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { collabKeys } from './keys';

export type CollabAnswer = 'accept' | 'deny';

const answerCollab = ({ id, answer }: { id: string; answer: CollabAnswer }) =>
  apiJson<Collaboration>('POST', `/api/collabs/${id}/${answer}`);

/** POST /api/collabs/{id}/accept or /deny (no body); the list is refetched afterwards. */
export function useAnswerCollab({ onSuccess, onError }: { onSuccess?: (answer: CollabAnswer) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: answerCollab,
    onSuccess: async (_collab, { answer }) => {
      await queryClient.invalidateQueries({ queryKey: collabKeys.all });
      onSuccess?.(answer);
    },
    onError,
  });
}
