import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MerchantProfile } from '@shared/contract/index.ts';
import { apiJsonOrNullWhenMissing } from '@/lib/api-client';
import { merchantKeys } from './merchant-keys';

export type { MerchantProfile };

/** 404 means "no merchant profile yet" (the Complete Application view), so it reads as null instead of failing. */
const fetchMerchantMe = () => apiJsonOrNullWhenMissing<MerchantProfile>(merchantKeys.me[0]);

/** docs/spec.md section 7: no retry, always fresh, so approval by an admin shows up on the next visit. */
const merchantMeQueryOptions = () =>
  queryOptions({
    queryKey: merchantKeys.me,
    queryFn: fetchMerchantMe,
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });

export function useMerchantMe() {
  return useQuery(merchantMeQueryOptions());
}
