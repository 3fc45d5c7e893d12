import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminCity, CreateCityBody } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { refreshCities } from './refresh-cities';

const createCity = (body: CreateCityBody) => apiJson<AdminCity>('POST', '/api/admin/cities', body);

/** POST /api/admin/cities {name, state, description} */
export function useCreateCity({ onSuccess, onError }: { onSuccess?: () => void; onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCity,
    onSuccess: async () => {
      await refreshCities(queryClient);
      onSuccess?.();
    },
    onError,
  });
}
