import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';

const reportReview = ({ reviewId, reason }: { reviewId: string; reason: string }) =>
  apiJson<{ reported: true }>('POST', `/api/reviews/${reviewId}/report`, { reason: reason.trim() === '' ? null : reason });

/** POST /api/reviews/{id}/report: once per signed-in user per review. */
export const useReportReview = (callbacks?: MutationCallbacks<{ reported: true }>) => useApiMutation({ call: reportReview }, callbacks);
