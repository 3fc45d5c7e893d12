import { useState, type FormEvent } from 'react';
import type { PairingCodeAnswer } from '@shared/contract/index.ts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { clockTime, shortDate } from '@/lib/dates';
import { useMerchantLocations } from '@/lib/merchant/get-merchant-locations';
import { useCreatePairingCode } from '../api/create-pairing-code';
import { useCounterDevices } from '../api/get-counter-devices';
import { useStaff } from '../api/get-staff';
import { useInviteStaff } from '../api/invite-staff';
import { usePlaceDevice } from '../api/place-device';
import { useRemoveStaff } from '../api/remove-staff';
import { useUnpairDevice } from '../api/unpair-device';

const failed = (title: string) => (error: Error) => toast({ title, description: errorMessage(error), variant: 'destructive' });

/**
 * "Staff" on the approved owner's dashboard (decision 166): invite staff by email, see and remove them, and pair a
 * tablet as the counter with a one-time code. Placed by the app on features/merchant's dashboard (app/routes/merchant.tsx).
 */
export function StaffCard() {
  const staff = useStaff();
  const devices = useCounterDevices();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [pairing, setPairing] = useState<PairingCodeAnswer | null>(null);
  const invite = useInviteStaff({
    onSuccess: (member) => {
      setName('');
      setEmail('');
      toast({ title: 'Invite sent', description: `${member.name} will get an email to set a password and PIN.` });
    },
    onError: failed('Invite failed'),
  });
  const remove = useRemoveStaff({ onError: failed('Could not remove') });
  const makeCode = useCreatePairingCode({ onError: failed('Could not make a code') });
  const unpair = useUnpairDevice({ onError: failed('Could not unpair') });
  // With several locations (issue 40), a tablet is paired at one and can be moved; its redemptions count there.
  const locations = useMerchantLocations();
  const several = (locations.data?.length ?? 0) > 1;
  const [pairAt, setPairAt] = useState('');
  const place = usePlaceDevice({ onError: failed('Could not move the tablet') });

  const onInvite = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    invite.mutate({ name, email });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Staff</CardTitle>
        <CardDescription>Staff use the counter and nothing else: no deals, logo, insights, collabs or billing.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form onSubmit={onInvite} className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
          <TextField id="staff-name" label="Name" required maxLength={100} value={name} onChange={(e) => setName(e.target.value)} />
          <TextField id="staff-email" label="Email" required type="email" value={email} onChange={(e) => setEmail(e.target.value)} />
          <Button type="submit" pending={invite.isPending}>Invite</Button>
        </form>

        {staff.isError ? (
          <p role="alert" className="text-sm text-red-700">{errorMessage(staff.error)}</p>
        ) : !staff.data?.length ? (
          <p className="text-sm text-stone-600">{staff.isPending ? 'Loading staff...' : 'No staff yet.'}</p>
        ) : (
          <ul aria-label="Staff members" className="divide-y divide-stone-100">
            {staff.data.map((member) => (
              <li key={member.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="font-medium break-words text-stone-900">{member.name}</p>
                  <p className="text-sm break-all text-stone-600">{member.email}</p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <Badge variant={member.status === 'active' ? 'default' : 'warning'}>{member.status === 'active' ? 'Active' : 'Invited'}</Badge>
                  <Badge variant="outline">{member.pinSet ? 'PIN set' : 'No PIN yet'}</Badge>
                  <ConfirmButton variant="ghost" size="sm" pending={remove.isPending && remove.variables === member.id}
                    aria-label={`Remove ${member.name}`} title={`Remove ${member.name}?`} confirmLabel="Remove"
                    message={`${member.name} can no longer sign in at the counter. To have them back, invite them again.`}
                    onConfirm={() => remove.mutate(member.id)}>Remove</ConfirmButton>
                </div>
              </li>
            ))}
          </ul>
        )}

        <div className="space-y-3 rounded-xl border border-stone-200 p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h3 className="font-semibold text-stone-900">Counter tablets</h3>
            <div className="flex flex-wrap items-center gap-2">
              {several && (
                <select aria-label="Location of the new tablet" className="h-11 rounded-md border border-stone-300 bg-white px-2 text-sm"
                  value={pairAt} onChange={(e) => setPairAt(e.target.value)}>
                  {locations.data!.map((l, i) => <option key={l.id} value={i === 0 ? '' : l.id}>{l.name ?? l.address}</option>)}
                </select>
              )}
              <Button variant="outline" size="sm" pending={makeCode.isPending} onClick={() => makeCode.mutate(pairAt || null, { onSuccess: setPairing })}>
                Pair a counter tablet
              </Button>
            </div>
          </div>
          {pairing && (
            <div role="status" className="rounded-lg bg-brand-50 p-3 text-sm text-stone-800">
              <p>On the tablet, open <span className="font-mono break-all">{window.location.origin}{paths.counterPair}</span> and type:</p>
              <p data-testid="pairing-code" className="my-2 font-mono text-3xl font-bold tracking-[0.3em] text-brand-900">{pairing.code}</p>
              <p>Works once, until {clockTime(pairing.expiresAt)}.</p>
            </div>
          )}
          {devices.data?.length ? (
            <ul aria-label="Paired tablets" className="divide-y divide-stone-100 text-sm">
              {devices.data.map((device) => (
                <li key={device.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span>{device.label} · paired {shortDate(device.createdAt)}</span>
                  {several && (
                    <select aria-label={`Location of ${device.label}`} className="h-11 rounded-md border border-stone-300 bg-white px-2"
                      value={device.locationId ?? locations.data![0]!.id} disabled={place.isPending}
                      onChange={(e) => place.mutate({ id: device.id, locationId: e.target.value })}>
                      {locations.data!.map((l) => <option key={l.id} value={l.id}>{l.name ?? l.address}</option>)}
                    </select>
                  )}

                  <ConfirmButton variant="ghost" size="sm" pending={unpair.isPending && unpair.variables === device.id}
                    title={`Unpair ${device.label}?`} confirmLabel="Unpair"
                    message="Whoever is signed in on it is signed out, and staff cannot use it until you pair it again with a new code."
                    onConfirm={() => unpair.mutate(device.id)}>
                    Unpair
                  </ConfirmButton>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-stone-600">No tablet paired yet.</p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
