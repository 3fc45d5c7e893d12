import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button, ButtonLink } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { cn } from '@/lib/cn';
import { useCounterDevice } from '../api/get-counter-device';
import { useSwitchStaff } from '../api/switch-staff';
import { PinField } from './pin-field';
import { StaffLayout } from './staff-layout';

/** /counter/switch: on the paired tablet, a staff member picks their name and types their PIN to take the counter. */
export function CounterSwitchPage() {
  const navigate = useNavigate();
  const device = useCounterDevice();
  const [staffId, setStaffId] = useState<string | null>(null);
  const [pin, setPin] = useState('');
  const switcher = useSwitchStaff({ onSuccess: () => navigate(paths.merchantCounter, { replace: true }) });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (staffId) switcher.mutate({ staffId, pin }, { onError: () => setPin('') });
  };

  if (device.isPending) {
    return <StaffLayout title="Counter"><div role="status" className="flex items-center gap-2 text-stone-600"><Spinner className="size-5" /> Loading...</div></StaffLayout>;
  }
  if (device.isError || !device.data) {
    return (
      <StaffLayout title="Counter">
        <p role="alert" className="mb-4 text-stone-700">{device.isError ? errorMessage(device.error) : 'This device is not a paired counter.'}</p>
        <ButtonLink to={paths.counterPair} className="w-full">Pair this tablet</ButtonLink>
      </StaffLayout>
    );
  }
  const { businessName, staff } = device.data;
  const chosen = staff.find((s) => s.id === staffId);
  return (
    <StaffLayout title={businessName} subtitle="Who is at the counter?">
      {staff.length === 0 ? (
        <p className="text-stone-700">No staff can sign in here yet. The owner invites staff under Staff on their dashboard; each sets a PIN.</p>
      ) : (
        <form onSubmit={onSubmit} className="space-y-5">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-stone-800">Your name</legend>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              {staff.map((member) => (
                <button key={member.id} type="button" aria-pressed={member.id === staffId}
                  onClick={() => { setStaffId(member.id); setPin(''); switcher.reset(); }}
                  className={cn('min-h-12 rounded-xl border px-4 py-3 text-left text-base font-semibold break-words',
                    member.id === staffId ? 'border-brand-700 bg-brand-50 text-brand-900' : 'border-stone-300 bg-white text-stone-800 hover:border-brand-300')}>
                  {member.name}
                </button>
              ))}
            </div>
          </fieldset>
          {chosen && (
            <PinField id="switch-pin" label={`PIN for ${chosen.name}`} autoFocus inputClassName="text-2xl tracking-[0.4em]" value={pin} onChange={setPin} />
          )}
          {switcher.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(switcher.error)}</p>}
          <Button type="submit" size="lg" className="w-full" disabled={!chosen} pending={switcher.isPending}>Start at the counter</Button>
        </form>
      )}
    </StaffLayout>
  );
}
