import { apiRequest } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { communityKeys } from './keys';

const deletePost = async (postId: string) => {
  await apiRequest('DELETE', `/api/community/posts/${postId}`);
};

/** DELETE /api/community/posts/{id}: the author (204); the feed is read again. */
export const useDeletePost = (callbacks?: MutationCallbacks<void>) =>
  useApiMutation({ call: deletePost, refresh: [communityKeys.feed] }, callbacks);
