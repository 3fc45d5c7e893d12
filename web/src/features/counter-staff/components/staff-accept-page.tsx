import { PASSWORD_RULE_HINT } from '@shared/password-rule.ts';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { NewPasswordField, useNewPasswordCheck } from '@/components/ui/new-password-field';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-error';
import { useWelcomeHome } from '@/lib/auth/use-welcome-home';
import { useAcceptStaffInvite } from '../api/accept-staff-invite';
import { useStaffInvite } from '../api/get-staff-invite';
import { PinField } from './pin-field';
import { StaffLayout } from './staff-layout';

/** /staff/accept?token=…: the invited staff member chooses a password (their own sign-in) and a PIN (the tablet). */
export function StaffAcceptPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const invite = useStaffInvite(token);
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const [pinAgain, setPinAgain] = useState('');
  const check = useNewPasswordCheck();
  const accept = useAcceptStaffInvite({
    onSuccess: useWelcomeHome('Welcome to the counter', 'Your PIN works on the business\'s paired tablet.'),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check.passes(password, pin, pinAgain)) accept.mutate({ token, password, pin });
  };

  if (!token) {
    return <StaffLayout title="Staff invite"><p role="alert" className="text-red-700">This page needs the link from your invite email.</p></StaffLayout>;
  }
  if (invite.isPending) {
    return <StaffLayout title="Staff invite"><div role="status" className="flex items-center gap-2 text-stone-600"><Spinner className="size-5" /> Checking your invite...</div></StaffLayout>;
  }
  if (invite.isError) {
    return <StaffLayout title="Staff invite"><p role="alert" className="text-red-700">{errorMessage(invite.error)}</p></StaffLayout>;
  }
  return (
    <StaffLayout title={`Join ${invite.data.businessName}`} subtitle={<>Hi {invite.data.name}: you will work the counter as <span className="break-all">{invite.data.email}</span>.</>}>
      <form onSubmit={onSubmit} className="space-y-5">
        <NewPasswordField id="staff-password" value={password} error={check.passwordError} onChange={setPassword}
          hint={`${PASSWORD_RULE_HINT} For signing in on your own phone.`} />
        <div className="grid gap-5 sm:grid-cols-2">
          <PinField id="staff-pin" label="PIN" hint="4 to 6 digits, for the counter tablet." value={pin} onChange={setPin} />
          <PinField id="staff-pin-again" label="PIN again" value={pinAgain} onChange={setPinAgain} />
        </div>
        {check.mismatch && <p role="alert" className="text-sm text-red-700">The two PINs do not match.</p>}
        {accept.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(accept.error)}</p>}
        <Button type="submit" size="lg" className="w-full" pending={accept.isPending}>Accept invite</Button>
      </form>
    </StaffLayout>
  );
}
