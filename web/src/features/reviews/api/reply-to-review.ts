import type { Review } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { reviewKeys } from './keys';

const replyToReview = ({ reviewId, reply }: { reviewId: string; reply: string }) =>
  apiJson<Review>('POST', `/api/reviews/${reviewId}/reply`, { reply });

/** POST /api/reviews/{id}/reply: the business's owner, once per review. */
export const useReplyToReview = (callbacks?: MutationCallbacks<Review>) =>
  useApiMutation({ call: replyToReview, refresh: [reviewKeys.merchant] }, callbacks);
