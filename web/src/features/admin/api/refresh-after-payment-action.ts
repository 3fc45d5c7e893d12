import type { QueryClient } from '@tanstack/react-query';
import { adminKeys } from './keys';
import { refreshCharities } from './refresh-charities';

/** After a refund or a dispute step: the payments, the users (subscription status), the audit log, the disputes, the figures and charities. */
export const refreshAfterPaymentAction = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: adminKeys.paymentsRoot }),
    queryClient.invalidateQueries({ queryKey: adminKeys.usersRoot }),
    queryClient.invalidateQueries({ queryKey: adminKeys.auditLog }),
    queryClient.invalidateQueries({ queryKey: adminKeys.disputes }),
    queryClient.invalidateQueries({ queryKey: adminKeys.insights }),
    refreshCharities(queryClient),
  ]);
