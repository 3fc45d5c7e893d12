import type { ReportedPost } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { communityKeys } from './keys';

const moderatePost = ({ postId, hide }: { postId: string; hide: boolean }) =>
  apiJson<ReportedPost>('POST', `/api/community/posts/${postId}/${hide ? 'hide' : 'restore'}`, {});

/** POST /api/community/posts/{id}/hide or /restore: the admin; the moderation queue is read again. */
export const useModeratePost = (callbacks?: MutationCallbacks<ReportedPost>) =>
  useApiMutation({ call: moderatePost, refresh: [communityKeys.moderationQueue] }, callbacks);
