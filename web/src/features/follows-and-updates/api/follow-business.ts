import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowStatus } from '@shared/contract/index.ts';
import { outbox } from '@/lib/outbox/outbox';
import { followKeys } from './keys';

const followPath = (businessId: string) => `/api/businesses/${encodeURIComponent(businessId)}/follow`;

interface SetFollowingInput {
  businessId: string;
  follow: boolean;
  /** For the pending-actions list ("Follow Rosa's River Cafe"). */
  businessName?: string;
}

/** POST (follow) or DELETE (unfollow) /api/businesses/{id}/follow, through the outbox (decision 061). */
const setFollowing = async ({ businessId, follow, businessName }: SetFollowingInput) => {
  const result = await outbox.request<FollowStatus>({
    method: follow ? 'POST' : 'DELETE',
    url: followPath(businessId),
    label: `${follow ? 'Follow' : 'Unfollow'} ${businessName ?? 'a business'}`,
    kind: 'follows.toggle',
    invalidate: [followKeys.status(businessId), followKeys.following],
  });
  // Queued offline: show the intended state now; the replay confirms it with the server's answer.
  return { status: result.queued ? { isFollowing: follow } : result.data, queued: result.queued };
};

/**
 * Toggles following; afterwards the status is the server's answer (or, offline, the intended one) and the
 * followed list is refetched (docs/spec.md section 4).
 */
export function useSetFollowing({ onSuccess, onError }: { onSuccess?: (status: FollowStatus, queued: boolean) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    networkMode: 'always',
    mutationFn: setFollowing,
    onSuccess: ({ status, queued }, { businessId }) => {
      queryClient.setQueryData(followKeys.status(businessId), status);
      if (!queued) void queryClient.invalidateQueries({ queryKey: followKeys.following });
      onSuccess?.(status, queued);
    },
    onError,
  });
}
