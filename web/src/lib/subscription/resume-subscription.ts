import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SubscriptionActionAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { invalidateMembership } from './invalidate-membership';

/** POST /api/subscription/resume: undoes a pause or a cancel at period end while the period lasts. */
export function useResumeSubscription({ onSuccess, onError }: { onSuccess?: (answer: SubscriptionActionAnswer) => void; onError?: () => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<SubscriptionActionAnswer>('POST', '/api/subscription/resume'),
    // Hook-level callbacks: the member home's paused card unmounts as soon as the membership is active again.
    onSuccess: (answer) => {
      onSuccess?.(answer);
      return invalidateMembership(queryClient);
    },
    onError,
  });
}
