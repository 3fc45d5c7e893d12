import { MerchantCounterPage } from '@/features/counter/components/merchant-counter-page';
import { CounterStaffBar } from '@/features/counter-staff/components/counter-staff-bar';

/** The counter screen, with counter-staff's bar (who is signed in, Switch staff, Change PIN) for a staff member. */
export function Component() {
  return <MerchantCounterPage staffBar={<CounterStaffBar />} />;
}
