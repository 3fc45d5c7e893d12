import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AdminMetrics } from '@shared/contract/index.ts';
import { adminKeys } from './keys';

/**
 * GET /api/admin/metrics (cents). Also the dashboard's admission check: the server answers 403 to
 * anyone but the designated admin. Read afresh whenever the dashboard opens.
 */
const adminMetricsQueryOptions = () => queryOptions<AdminMetrics>({ queryKey: adminKeys.metrics, refetchOnMount: 'always' });

export function useAdminMetrics() {
  return useQuery(adminMetricsQueryOptions());
}
