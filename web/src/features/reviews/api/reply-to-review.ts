import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { reviewKeys } from './keys';

const replyToReview = ({ reviewId, reply }: { reviewId: string; reply: string }) =>
  apiJson<Review>('POST', `/api/reviews/${reviewId}/reply`, { reply });

/** POST /api/reviews/{id}/reply: the business's owner, once per review. */
export function useReplyToReview({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: replyToReview,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: reviewKeys.merchant });
      onSuccess?.();
    },
    onError,
  });
}
