import { useMutation } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';

const reportReview = ({ reviewId, reason }: { reviewId: string; reason: string }) =>
  apiJson<{ reported: true }>('POST', `/api/reviews/${reviewId}/report`, { reason: reason.trim() === '' ? null : reason });

/** POST /api/reviews/{id}/report: once per signed-in user per review. */
export function useReportReview({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  return useMutation({ mutationFn: reportReview, onSuccess: () => onSuccess?.(), onError });
}
