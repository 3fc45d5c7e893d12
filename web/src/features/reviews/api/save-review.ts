import type { QueryClient } from '@tanstack/react-query';
import type { Review } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
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

/** The business's reviews and the deal lists (average, count) are read again. */
const refreshRatings = (queryClient: QueryClient, _review: Review, { merchantId }: ReviewInput) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: reviewKeys.business(merchantId) }),
    queryClient.invalidateQueries({ predicate: carriesRating }),
  ]);

/** POST /api/reviews or PATCH /api/reviews/{id}. */
export const useSaveReview = (callbacks?: MutationCallbacks<Review>) => useApiMutation({ call: saveReview, refresh: refreshRatings }, callbacks);
