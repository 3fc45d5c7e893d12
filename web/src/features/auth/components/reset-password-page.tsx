import { PASSWORD_MIN } from '@shared/constants.ts';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { NewPasswordField, useNewPasswordCheck } from '@/components/ui/new-password-field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useWelcomeHome } from '@/lib/auth/use-welcome-home';
import { useResetPassword } from '../api/account';
import { AuthLayout } from './auth-layout';
import { TextLink } from './text-link';

/** /reset-password?token=…: the link from the mail; a new password signs the user in here and out everywhere else. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const check = useNewPasswordCheck();
  const reset = useResetPassword({
    onSuccess: useWelcomeHome('Password changed', 'You are signed in; every other device was signed out.'),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check.passes(password, password, confirm)) reset.mutate({ token, password });
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
          <NewPasswordField id="reset-password" label="New password" value={password} error={check.passwordError} onChange={setPassword} />
          <TextField id="reset-confirm" label="Confirm new password" required name="confirm" type="password" autoComplete="new-password"
            minLength={PASSWORD_MIN} value={confirm} onChange={(e) => setConfirm(e.target.value)} />
          {check.mismatch && <p role="alert" className="text-sm text-red-700">The two passwords do not match.</p>}
          {reset.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(reset.error)}</p>}
          <Button type="submit" size="lg" className="w-full" pending={reset.isPending}>
            Set new password
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
