import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BusinessReviewsAnswer } from '@shared/contract/index.ts';
import { reviewKeys } from './keys';

/** GET /api/reviews/business/{merchantId}: a business's reviews and what the caller may do there; read when a sheet opens. */
const businessReviewsQueryOptions = (merchantId: string) =>
  queryOptions<BusinessReviewsAnswer>({ queryKey: reviewKeys.business(merchantId), refetchOnMount: 'always' });

export function useBusinessReviews(merchantId: string, { enabled }: { enabled: boolean }) {
  return useQuery({ ...businessReviewsQueryOptions(merchantId), enabled });
}
