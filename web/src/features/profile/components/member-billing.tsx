import { useSubscriptionDetails } from '@/lib/subscription/get-subscription-details';
import { BillingCard } from './billing-card';

/** The billing card once the membership is known (decision 171). */
export function MemberBilling() {
  const details = useSubscriptionDetails();
  return details.data ? <BillingCard details={details.data} /> : null;
}
