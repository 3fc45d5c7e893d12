import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OfflineCodesAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { errorStatus } from '@/lib/api-error';
import { useFreshCover } from '@/lib/deals/code-clock';
import { useAfterFirstScreen } from '@/lib/first-screen';
import { memberKeys } from './member-keys';

/**
 * GET /api/deals/offline-codes?cityId=: what this device needs to show the city's codes for the next
 * 12 hours without a network (decision 060). A refusal (membership ended) empties the stored cover.
 */
const offlineCodesQueryOptions = (cityId: string) =>
  queryOptions<OfflineCodesAnswer | null>({
    queryKey: memberKeys.offlineCodes(cityId),
    queryFn: async () => {
      try {
        return await apiJson<OfflineCodesAnswer>('GET', `/api/deals/offline-codes?${new URLSearchParams({ cityId })}`);
      } catch (error) {
        if (errorStatus(error) === 403) return null;
        throw error;
      }
    },
  });

/** The city's offline cover, renewed hourly and when the network returns. */
export function useOfflineCodes(cityId: string | undefined) {
  // The server's codes show first; the cover (and the code maths it brings) can follow the first screen.
  const settled = useAfterFirstScreen();
  const query = useQuery({ ...offlineCodesQueryOptions(cityId ?? ''), enabled: Boolean(cityId) && settled });
  useFreshCover(query.data?.issuedAt, query.refetch, Boolean(cityId));
  return query;
}
