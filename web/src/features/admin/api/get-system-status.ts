import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SystemStatus } from '@shared/contract/index.ts';
import { adminKeys } from './keys';

/** GET /api/admin/system (decision 195): read afresh when the screen opens, and every minute while it is open. */
const systemStatusQueryOptions = () =>
  queryOptions<SystemStatus>({ queryKey: adminKeys.system, refetchOnMount: 'always', refetchInterval: 60_000 });

export function useSystemStatus() {
  return useQuery(systemStatusQueryOptions());
}
