import type { CommunityPost } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { communityKeys } from './keys';

const editPost = ({ postId, text, dealId }: { postId: string; text: string; dealId: string | null }) =>
  apiJson<CommunityPost>('PATCH', `/api/community/posts/${postId}`, { text, dealId });

/** PATCH /api/community/posts/{id}: the author; the feed is read again. */
export const useEditPost = (callbacks?: MutationCallbacks<CommunityPost>) =>
  useApiMutation({ call: editPost, refresh: [communityKeys.feed] }, callbacks);
