import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfflineCodesAnswer } from '@shared/contract/index.ts';
import { useFreshCover } from '@/lib/deals/code-refresh';
import { merchantKeys } from '@/lib/merchant/merchant-keys';

/**
 * GET /api/merchant/deals/offline-codes: keys for the counter's own live deals for the next 12 hours, so the
 * board keeps showing codes and typed codes can be checked without a network (decision 060).
 */
const merchantOfflineCodesQueryOptions = () => queryOptions<OfflineCodesAnswer>({ queryKey: merchantKeys.offlineCodes });

/** The counter's offline cover, renewed hourly and when the network returns. */
export function useMerchantOfflineCodes({ enabled = true }: { enabled?: boolean } = {}) {
  const query = useQuery({ ...merchantOfflineCodesQueryOptions(), enabled });
  useFreshCover(query.data?.issuedAt, query.refetch, enabled);
  return query;
}
