import { MerchantCounterPage } from '@/features/counter/components/merchant-counter-page';
import { CounterSignOutButton } from '@/features/counter-staff/components/counter-sign-out-button';
import { CounterStaffBar } from '@/features/counter-staff/components/counter-staff-bar';

/**
 * The counter screen, with counter-staff's bar (who is signed in, Switch staff, Change PIN) for a staff member, and
 * its sign-out (back to the staff switcher on a paired tablet).
 */
export function Component() {
  return <MerchantCounterPage staffBar={<CounterStaffBar />} signOut={<CounterSignOutButton />} />;
}
