import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BusinessUpdate, BusinessUpdateBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { businessUpdateKeys } from './keys';

const postBusinessUpdate = (body: BusinessUpdateBody) => apiJson<BusinessUpdate>('POST', '/api/merchant/updates', body);

/** POST /api/merchant/updates: sends a short update to every follower. */
export function usePostBusinessUpdate({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postBusinessUpdate,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: businessUpdateKeys.list });
      onSuccess?.();
    },
    onError,
  });
}
