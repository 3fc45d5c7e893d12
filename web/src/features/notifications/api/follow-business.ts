import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FollowStatus } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { followKeys } from './keys';

const followPath = (businessId: string) => `/api/businesses/${encodeURIComponent(businessId)}/follow`;

/** POST (follow) or DELETE (unfollow) /api/businesses/{id}/follow. */
export const setFollowing = ({ businessId, follow }: { businessId: string; follow: boolean }) =>
  apiJson<FollowStatus>(follow ? 'POST' : 'DELETE', followPath(businessId));

/** Toggles following; afterwards the status is the server's answer and the followed list is refetched (spec section 4). */
export function useSetFollowing({ onSuccess, onError }: { onSuccess?: (status: FollowStatus) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFollowing,
    onSuccess: (status, { businessId }) => {
      queryClient.setQueryData(followKeys.status(businessId), status);
      void queryClient.invalidateQueries({ queryKey: followKeys.following });
      onSuccess?.(status);
    },
    onError,
  });
}
