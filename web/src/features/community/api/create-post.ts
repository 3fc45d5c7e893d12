import type { CommunityPost } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';
import { uploadImage } from '@/lib/uploads/upload-object';
import { communityKeys } from './keys';

export interface NewPost { text: string; photo: File | null; dealId: string | null }

/** The photo first (the upload path of every image: checked, signed address, PUT), then POST /api/community/posts. */
async function createPost({ text, photo, dealId }: NewPost): Promise<CommunityPost> {
  const photoUrl = photo ? (await uploadImage(photo)).uploadURL : null;
  return apiJson<CommunityPost>('POST', '/api/community/posts', { text, photoUrl, dealId });
}

/** Posts in the caller's city's feed; the feed is read again. */
export const useCreatePost = (callbacks?: MutationCallbacks<CommunityPost, NewPost>) =>
  useApiMutation({ call: createPost, refresh: [communityKeys.feed] }, callbacks);
