import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useUser } from '@/lib/auth/get-me';
import { useChangePin } from '../api/change-pin';
import { useCounterDevice } from '../api/get-counter-device';
import { useSignOutDevice } from '../api/sign-out-device';
import { PinField } from './pin-field';

/**
 * On the counter screen, for a staff member: who is signed in, and on a paired tablet "Switch staff" (back to the
 * name + PIN switcher; the tablet stays paired) and "Change PIN" (with their password). Nothing for the owner.
 * Placed by the app on features/counter's screen (app/routes/merchant-counter.tsx).
 */
export function CounterStaffBar() {
  const { user } = useUser();
  const isStaff = user?.role === 'STAFF';
  const device = useCounterDevice();
  const navigate = useNavigate();
  const signOut = useSignOutDevice({
    onSuccess: () => navigate(paths.counterSwitch, { replace: true }),
  });
  const [changing, setChanging] = useState(false);
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const changePin = useChangePin({
    onSuccess: () => {
      setChanging(false);
      setPassword('');
      setPin('');
      toast({ title: 'PIN changed', description: 'Use the new PIN on the counter tablet.' });
    },
  });
  if (!isStaff || !user) return null;

  const onChangePin = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    changePin.mutate({ password, pin });
  };

  return (
    <div className="space-y-3 rounded-xl border border-brand-200 bg-brand-50 px-4 py-2 text-sm text-stone-800">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>Signed in as <strong className="break-words">{user.name}</strong>{user.business ? ` · ${user.business.businessName}` : ''}</span>
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" size="sm" aria-expanded={changing} onClick={() => setChanging((open) => !open)}>Change PIN</Button>
          {device.data && (
            <Button variant="outline" size="sm" pending={signOut.isPending}
              onClick={() => signOut.mutate(undefined, { onError: (error) => toast({ title: 'Could not switch', description: errorMessage(error), variant: 'destructive' }) })}>
              Switch staff
            </Button>
          )}
        </div>
      </div>
      {changing && (
        <form onSubmit={onChangePin} className="grid gap-3 pb-2 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
          <TextField id="pin-password" label="Your password" required type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
          <PinField id="pin-new" label="New PIN" value={pin} onChange={setPin} />
          <Button type="submit" size="sm" pending={changePin.isPending}>Save PIN</Button>
          {changePin.isError && <p role="alert" className="text-red-700 sm:col-span-3">{errorMessage(changePin.error)}</p>}
        </form>
      )}
    </div>
  );
}
