import type { QueryClient } from '@tanstack/react-query';
import { cityKeys } from '@/lib/lookup/get-cities';
import { adminKeys } from './keys';

/** After a city change both the admin table and the public city list (every picker) are refetched. */
export const refreshCities = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.cities }),
    queryClient.invalidateQueries({ queryKey: cityKeys.all }),
  ]);
