import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiJson } from '@/lib/api-client';
import { errorStatus } from '@/lib/api-error';

import type { MerchantProfile } from '@shared/contract/index.ts';
import { merchantKeys } from './merchant-keys';

export type { MerchantProfile };
;

/** 404 means "no merchant profile yet" (the Complete Application view), so it reads as null instead of failing. */
async function fetchMerchantMe(): Promise<MerchantProfile | null> {
  try {
    return await apiJson<MerchantProfile>('GET', merchantKeys.me[0]);
  } catch (error) {
    if (errorStatus(error) === 404) return null;
    throw error;
  }
}

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
