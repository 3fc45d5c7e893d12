import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCharity, CreateCharityBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { refreshCharities } from './refresh-charities';

const createCharity = (body: CreateCharityBody) => apiJson<AdminCharity>('POST', '/api/admin/charities', body);

/** POST /api/admin/charities {cityId, name, isDefault} */
export function useCreateCharity({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCharity,
    onSuccess: async () => {
      await refreshCharities(queryClient);
      onSuccess?.();
    },
    onError,
  });
}
