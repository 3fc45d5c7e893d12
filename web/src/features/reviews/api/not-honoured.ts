import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyOfferReportsAnswer, OfferReport, OfferReportDecisionAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { reviewKeys } from './keys';

// The Pay Local promise (decision 191): the member's reports with their state, the owner's answer, the admin's
// decision and one-step pause.

/** GET /api/reviews/not-honoured: the member's reports, newest first. */
export const useMyOfferReports = () =>
  useQuery(queryOptions<MyOfferReportsAnswer>({ queryKey: reviewKeys.mine, refetchOnMount: 'always' }));

const replyToOfferReport = ({ reportId, reply }: { reportId: string; reply: string }) =>
  apiJson<OfferReport>('POST', `/api/reviews/not-honoured/${reportId}/reply`, { reply });

/** POST /api/reviews/not-honoured/{id}/reply: the owner, once, within 72 hours. */
export const useReplyToOfferReport = (callbacks?: MutationCallbacks<OfferReport>) =>
  useApiMutation({ call: replyToOfferReport, refresh: [reviewKeys.merchant] }, callbacks);

const decideOfferReport = ({ reportId, upheld }: { reportId: string; upheld: boolean }) =>
  apiJson<OfferReportDecisionAnswer>('POST', `/api/reviews/not-honoured/${reportId}/decision`, { upheld });

/** POST /api/reviews/not-honoured/{id}/decision: the admin, once. */
export const useDecideOfferReport = (callbacks?: MutationCallbacks<OfferReportDecisionAnswer>) =>
  useApiMutation({ call: decideOfferReport, refresh: [reviewKeys.admin] }, callbacks);

const pauseBusiness = ({ merchantId }: { merchantId: string }) =>
  apiJson<{ paused: true }>('POST', `/api/reviews/not-honoured/business/${merchantId}/pause`, {});

/** POST /api/reviews/not-honoured/business/{merchantId}/pause: the admin's one step. */
export const usePauseReportedBusiness = (callbacks?: MutationCallbacks<{ paused: true }>) =>
  useApiMutation({ call: pauseBusiness, refresh: [reviewKeys.admin] }, callbacks);
