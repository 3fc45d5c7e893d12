import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Collaboration, CollaborationRequestBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { collabKeys } from './keys';

const createCollab = (body: CollaborationRequestBody) => apiJson<Collaboration>('POST', '/api/collabs', body);

/** POST /api/collabs; the collaboration lists are refetched afterwards. */
export function useCreateCollab({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCollab,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: collabKeys.all });
      onSuccess?.();
    },
    onError,
  });
}
