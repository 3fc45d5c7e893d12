import { useNavigate } from 'react-router';
import { SignOutButton } from '@/components/layout/sign-out-button';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useUser } from '@/lib/auth/get-me';
import { useCounterDevice } from '../api/get-counter-device';
import { useSignOutDevice } from '../api/sign-out-device';

/**
 * The counter header's sign-out (issue 38). On a paired tablet it returns to the staff switcher, not the visitors'
 * landing page: a staff member leaves the tablet as "Switch staff" does (it stays paired); the owner signs out and
 * the tablet shows the switcher for the next person. Elsewhere it is the usual sign-out.
 */
export function CounterSignOutButton() {
  const isStaff = useUser().user?.role === 'STAFF';
  const device = useCounterDevice();
  const navigate = useNavigate();
  const leave = useSignOutDevice({
    onSuccess: () => navigate(paths.counterSwitch, { replace: true }),
    onError: (error) => toast({ title: 'Could not sign out', description: errorMessage(error), variant: 'destructive' }),
  });
  if (!device.data) return <SignOutButton compact />;
  if (!isStaff) return <SignOutButton compact to={paths.counterSwitch} />;
  return <SignOutButton compact signOut={{ run: () => leave.mutate(undefined), pending: leave.isPending }} />;
}
