import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { reviewKeys } from './keys';

const moderateReview = ({ reviewId, hide }: { reviewId: string; hide: boolean }) =>
  apiJson<Review>('POST', `/api/reviews/${reviewId}/${hide ? 'hide' : 'restore'}`, {});

/** POST /api/reviews/{id}/hide or /restore: the admin; the queue is read again. */
export function useModerateReview({ onSuccess, onError }: { onSuccess?: (review: Review) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReview,
    onSuccess: async (review) => {
      await queryClient.invalidateQueries({ queryKey: reviewKeys.admin });
      onSuccess?.(review);
    },
    onError,
  });
}
