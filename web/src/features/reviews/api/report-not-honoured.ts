import type { OfferReport } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { reviewKeys } from './keys';

type Visit = { kind: 'redemption' | 'refusal'; id: string } | null;
const reportNotHonoured = ({ merchantId, note, visit }: { merchantId: string; note: string; visit: Visit }) =>
  apiJson<OfferReport>('POST', '/api/reviews/not-honoured', {
    merchantId, note: note.trim() === '' ? null : note,
    redemptionId: visit?.kind === 'redemption' ? visit.id : null, refusalId: visit?.kind === 'refusal' ? visit.id : null,
  });

/** POST /api/reviews/not-honoured: about the visit the member picked (decision 191), once per visit. */
export const useReportNotHonoured = (callbacks?: MutationCallbacks<OfferReport>) =>
  useApiMutation(
    { call: reportNotHonoured, refresh: (queryClient, _report, { merchantId }) => Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewKeys.business(merchantId) }),
      queryClient.invalidateQueries({ queryKey: reviewKeys.mine }),
    ]) },
    callbacks,
  );
