import type { Review } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { reviewKeys } from './keys';

const moderateReview = ({ reviewId, hide }: { reviewId: string; hide: boolean }) =>
  apiJson<Review>('POST', `/api/reviews/${reviewId}/${hide ? 'hide' : 'restore'}`, {});

/** POST /api/reviews/{id}/hide or /restore: the admin; the queue is read again. */
export const useModerateReview = (callbacks?: MutationCallbacks<Review>) =>
  useApiMutation({ call: moderateReview, refresh: [reviewKeys.admin] }, callbacks);
