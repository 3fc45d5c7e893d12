import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminReviewQueueAnswer } from '@shared/contract/index.ts';
import { reviewKeys } from './keys';

/** GET /api/reviews/admin: reported reviews, "offer not honoured" reports, businesses reported repeatedly. */
const adminReviewQueueQueryOptions = () => queryOptions<AdminReviewQueueAnswer>({ queryKey: reviewKeys.admin, refetchOnMount: 'always' });

export function useAdminReviewQueue() {
  return useQuery(adminReviewQueueQueryOptions());
}
