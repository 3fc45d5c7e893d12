import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OfferReport } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { reviewKeys } from './keys';

const reportNotHonoured = ({ merchantId, note }: { merchantId: string; note: string }) =>
  apiJson<OfferReport>('POST', '/api/reviews/not-honoured', { merchantId, note: note.trim() === '' ? null : note });

/** POST /api/reviews/not-honoured: within 24 hours of showing a pass or code at the business, once per visit. */
export function useReportNotHonoured({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportNotHonoured,
    onSuccess: async (_report, { merchantId }) => {
      await queryClient.invalidateQueries({ queryKey: reviewKeys.business(merchantId) });
      onSuccess?.();
    },
    onError,
  });
}
