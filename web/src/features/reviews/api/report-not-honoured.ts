import type { OfferReport } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { reviewKeys } from './keys';

const reportNotHonoured = ({ merchantId, note }: { merchantId: string; note: string }) =>
  apiJson<OfferReport>('POST', '/api/reviews/not-honoured', { merchantId, note: note.trim() === '' ? null : note });

/** POST /api/reviews/not-honoured: within 24 hours of showing a pass or code at the business, once per visit. */
export const useReportNotHonoured = (callbacks?: MutationCallbacks<OfferReport>) =>
  useApiMutation(
    { call: reportNotHonoured, refresh: (queryClient, _report, { merchantId }) => queryClient.invalidateQueries({ queryKey: reviewKeys.business(merchantId) }) },
    callbacks,
  );
