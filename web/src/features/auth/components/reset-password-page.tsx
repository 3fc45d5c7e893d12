import { PASSWORD_MIN } from '@shared/constants.ts';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/form-controls';
import { NewPasswordField, newPasswordRefusal } from '@/components/ui/new-password-field';
import { toast } from '@/components/ui/use-toast';
import { homePathForRole, paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useResetPassword } from '../api/account';
import { AuthLayout } from './auth-layout';
import { TextLink } from './text-link';

/** /reset-password?token=…: the link from the mail; a new password signs the user in here and out everywhere else. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const reset = useResetPassword({
    onSuccess: (user) => {
      toast({ title: 'Password changed', description: 'You are signed in; every other device was signed out.' });
      navigate(homePathForRole(user.role), { replace: true });
    },
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const refusal = newPasswordRefusal(password);
    setPasswordError(refusal);
    if (refusal) return;
    if (password !== confirm) {
      setMismatch(true);
      return;
    }
    setMismatch(false);
    reset.mutate({ token, password });
  };

  return (
    <AuthLayout
      title="Choose a new password"
      footer={<>Link not working? <TextLink to={paths.forgotPassword}>Ask for a new one</TextLink></>}
    >
      {!token ? (
        <p role="alert" className="text-red-700">This page needs the link from your email.</p>
      ) : (
        <form onSubmit={onSubmit} className="space-y-5">
          <NewPasswordField id="reset-password" label="New password" value={password} error={passwordError} onChange={setPassword} />
          <Field id="reset-confirm" label="Confirm new password" required>
            <Input id="reset-confirm" name="confirm" type="password" autoComplete="new-password" required minLength={PASSWORD_MIN}
              value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          </Field>
          {mismatch && <p role="alert" className="text-sm text-red-700">The two passwords do not match.</p>}
          {reset.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(reset.error)}</p>}
          <Button type="submit" size="lg" className="w-full" pending={reset.isPending}>
            Set new password
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
