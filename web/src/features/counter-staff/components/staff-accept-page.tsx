import { PASSWORD_RULE_HINT } from '@shared/password-rule.ts';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/form-controls';
import { NewPasswordField, newPasswordRefusal } from '@/components/ui/new-password-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { homePathForRole } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useAcceptStaffInvite } from '../api/accept-staff-invite';
import { useStaffInvite } from '../api/get-staff-invite';
import { StaffLayout } from './staff-layout';

/** /staff/accept?token=…: the invited staff member chooses a password (their own sign-in) and a PIN (the tablet). */
export function StaffAcceptPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const invite = useStaffInvite(token);
  const [password, setPassword] = useState('');
  const [pin, setPin] = useState('');
  const [pinAgain, setPinAgain] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const accept = useAcceptStaffInvite({
    onSuccess: (user) => {
      toast({ title: 'Welcome to the counter', description: 'Your PIN works on the business\'s paired tablet.' });
      navigate(homePathForRole(user.role), { replace: true });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refusal = newPasswordRefusal(password);
    setPasswordError(refusal);
    if (refusal) return;
    if (pin !== pinAgain) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    accept.mutate({ token, password, pin });
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
        <NewPasswordField id="staff-password" value={password} error={passwordError} onChange={setPassword}
          hint={`${PASSWORD_RULE_HINT} For signing in on your own phone.`} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field id="staff-pin" label="PIN" required hint="4 to 6 digits, for the counter tablet.">
            <Input id="staff-pin" type="password" inputMode="numeric" autoComplete="off" pattern="\d{4,6}" required minLength={4} maxLength={6}
              aria-describedby="staff-pin-hint" value={pin} onChange={(e) => setPin(e.target.value.replace(/\D/g, ''))} />
          </Field>
          <Field id="staff-pin-again" label="PIN again" required>
            <Input id="staff-pin-again" type="password" inputMode="numeric" autoComplete="off" pattern="\d{4,6}" required minLength={4} maxLength={6}
              value={pinAgain} onChange={(e) => setPinAgain(e.target.value.replace(/\D/g, ''))} />
          </Field>
        </div>
        {mismatch && <p role="alert" className="text-sm text-red-700">The two PINs do not match.</p>}
        {accept.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(accept.error)}</p>}
        <Button type="submit" size="lg" className="w-full" pending={accept.isPending}>Accept invite</Button>
      </form>
    </StaffLayout>
  );
}
