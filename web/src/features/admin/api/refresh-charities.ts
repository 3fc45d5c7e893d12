import type { QueryClient } from '@tanstack/react-query';
import { charityKeys } from '@/lib/lookup/get-charities';
import { adminCharityKeys } from './get-admin-charities';

/** After a charity change: the admin table, every charity picker (registration, subscribe) and the public totals. */
export const refreshCharities = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminCharityKeys.all }),
    queryClient.invalidateQueries({ queryKey: charityKeys.all }),
    queryClient.invalidateQueries({ queryKey: ['/api/impact'] }),
  ]);
