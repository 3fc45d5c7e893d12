import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { carriesRating, reviewKeys } from './keys';

export interface ReviewInput {
  merchantId: string;
  rating: number;
  comment: string;
  /** The review being changed (PATCH); absent = a new one (POST). */
  reviewId?: string;
}

const saveReview = ({ merchantId, rating, comment, reviewId }: ReviewInput) => {
  const body = { rating, comment: comment.trim() === '' ? null : comment };
  return reviewId
    ? apiJson<Review>('PATCH', `/api/reviews/${reviewId}`, body)
    : apiJson<Review>('POST', '/api/reviews', { merchantId, ...body });
};

/** POST /api/reviews or PATCH /api/reviews/{id}; the business's reviews and the deal lists (average, count) are read again. */
export function useSaveReview({ onSuccess, onError }: { onSuccess?: (review: Review) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReview,
    onSuccess: async (review, { merchantId }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: reviewKeys.business(merchantId) }),
        queryClient.invalidateQueries({ predicate: carriesRating }),
      ]);
      onSuccess?.(review);
    },
    onError,
  });
}
