import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DeletedAnswer } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { refreshCities } from './refresh-cities';

const deleteCity = (id: string) => apiJson<DeletedAnswer>('DELETE', `/api/admin/cities/${id}`);

/** DELETE /api/admin/cities/{id} */
export function useDeleteCity({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCity,
    onSuccess: async () => {
      await refreshCities(queryClient);
      onSuccess?.();
    },
    onError,
  });
}
