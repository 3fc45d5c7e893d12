import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MerchantReviewsAnswer } from '@shared/contract/index.ts';
import { reviewKeys } from './keys';

/** GET /api/reviews/merchant: the owner's reviews and "offer not honoured" reports. */
const merchantReviewsQueryOptions = () => queryOptions<MerchantReviewsAnswer>({ queryKey: reviewKeys.merchant });

export function useMerchantReviews() {
  return useQuery(merchantReviewsQueryOptions());
}
