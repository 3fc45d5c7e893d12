import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ImpactAnswer } from '@shared/contract/index.ts';

export const impactKeys = {
  all: ['/api/impact'] as const,
};

/** GET /api/impact: the public totals per charity, this month and all time. Fresh on every visit. */
const impactQueryOptions = () => queryOptions<ImpactAnswer>({ queryKey: impactKeys.all, staleTime: 0, refetchOnMount: 'always' });

export function useImpact() {
  return useQuery(impactQueryOptions());
}
