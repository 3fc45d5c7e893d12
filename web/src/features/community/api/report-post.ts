import { apiJson } from '@/lib/api-client';
import { type MutationCallbacks, useApiMutation } from '@/lib/api-mutation';

const reportPost = ({ postId, reason }: { postId: string; reason: string }) =>
  apiJson<{ reported: true }>('POST', `/api/community/posts/${postId}/report`, { reason: reason.trim() === '' ? null : reason });

/** POST /api/community/posts/{id}/report: once per reader per post. */
export const useReportPost = (callbacks?: MutationCallbacks<{ reported: true }>) => useApiMutation({ call: reportPost }, callbacks);
