import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCity, UpdateCityBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { refreshCities } from './refresh-cities';

const updateCity = ({ id, ...body }: UpdateCityBody & { id: string }) => apiJson<AdminCity>('PATCH', `/api/admin/cities/${id}`, body);

/** PATCH /api/admin/cities/{id} {name, state, description, active} */
export function useUpdateCity({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCity,
    onSuccess: async () => {
      await refreshCities(queryClient);
      onSuccess?.();
    },
    onError,
  });
}
