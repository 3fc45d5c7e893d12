import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useUser } from '@/lib/auth/get-me';
import { useCounterDevice } from '../api/get-counter-device';
import { useSignOutDevice } from '../api/sign-out-device';

/**
 * On the counter screen, for a staff member: who is signed in, and on a paired tablet "Switch staff" (back to the
 * name + PIN switcher; the tablet stays paired). Nothing for the owner. Placed by the app in features/counter.
 */
export function CounterStaffBar() {
  const { user } = useUser();
  const isStaff = user?.role === 'STAFF';
  const device = useCounterDevice();
  const navigate = useNavigate();
  const signOut = useSignOutDevice({
    onSuccess: () => navigate(paths.counterSwitch, { replace: true }),
  });
  if (!isStaff || !user) return null;
  return (
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-xl border border-brand-200 bg-brand-50 px-4 py-2 text-sm text-stone-800">
      <span>Signed in as <strong className="break-words">{user.name}</strong>{user.business ? ` · ${user.business.businessName}` : ''}</span>
      {device.data && (
        <Button variant="outline" size="sm" pending={signOut.isPending}
          onClick={() => signOut.mutate(undefined, { onError: (error) => toast({ title: 'Could not switch', description: errorMessage(error), variant: 'destructive' }) })}>
          Switch staff
        </Button>
      )}
    </div>
  );
}
