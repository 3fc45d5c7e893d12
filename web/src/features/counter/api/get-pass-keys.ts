import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PassKeysAnswer } from '@shared/contract/index.ts';
import { merchantKeys } from '@/lib/merchant/merchant-keys';

const DAY_MS = 24 * 3600_000;

/**
 * GET /api/merchant/pass-keys: the platform's public pass keys. Kept in the persisted cache so the counter can
 * check a member pass without a network (decision 165); they change only when the platform adds a key.
 */
const passKeysQueryOptions = () =>
  queryOptions<PassKeysAnswer>({ queryKey: merchantKeys.passKeys, staleTime: DAY_MS, gcTime: 7 * DAY_MS });

export function usePassKeys() {
  return useQuery(passKeysQueryOptions());
}
