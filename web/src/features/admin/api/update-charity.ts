import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCharity, UpdateCharityBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { refreshCharities } from './refresh-charities';

const updateCharity = ({ id, ...body }: UpdateCharityBody & { id: string }) =>
  apiJson<AdminCharity>('PATCH', `/api/admin/charities/${id}`, body);

/** PATCH /api/admin/charities/{id} {name, isDefault, retired}: edit, retire (retired: true) or restore (false). */
export function useUpdateCharity({ onSuccess, onError }: { onSuccess?: (charity: AdminCharity) => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCharity,
    onSuccess: async (charity) => {
      await refreshCharities(queryClient);
      onSuccess?.(charity);
    },
    onError,
  });
}
