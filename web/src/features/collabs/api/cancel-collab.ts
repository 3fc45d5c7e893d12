import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Collaboration } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { collabKeys } from './keys';

const cancelCollab = (id: string) => apiJson<Collaboration>('POST', `/api/collabs/${id}/cancel`);

/** POST /api/collabs/{id}/cancel (no body): the sender withdraws a pending request (CANCELLED); the list is refetched. */
export function useCancelCollab({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelCollab,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: collabKeys.all });
      onSuccess?.();
    },
    onError,
  });
}
