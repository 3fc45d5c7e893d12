import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PlanChangePreview } from '@shared/contract/index.ts';
import { billingKeys } from './billing-keys';

/** GET /api/subscription/plan-change?plan=…: the proration, shown before the member confirms. */
export function usePlanChangePreview(plan: 'monthly' | 'yearly' | null) {
  return useQuery({ ...queryOptions<PlanChangePreview>({ queryKey: billingKeys.planChange(plan ?? '') }), enabled: plan !== null, staleTime: 0 });
}
