import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionActionAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { invalidateMembership } from '@/lib/subscription/invalidate-membership';

/** POST /api/subscription/pause (no body): collection paused, access stops until support resumes it. */
export function usePauseSubscription() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<SubscriptionActionAnswer>('POST', '/api/subscription/pause'),
    onSuccess: () => invalidateMembership(queryClient),
  });
}
