import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useForgotPassword } from '../api/account';
import { AuthLayout } from './auth-layout';
import { TextLink } from './text-link';

/** /forgot-password: asks for the address and always answers the same (the server never says whether it exists). */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const forgot = useForgotPassword();

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    forgot.mutate({ email });
  };

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="We'll email you a link to choose a new one."
      footer={<>Remembered it? <TextLink to={paths.login}>Sign in</TextLink></>}
    >
      {forgot.isSuccess ? (
        <div role="status" className="space-y-3">
          <p className="font-semibold text-stone-900">Check your email</p>
          <p className="text-stone-700">{forgot.data.message}</p>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-5">
          <TextField id="forgot-email" label="Email address" required name="email" type="email" autoComplete="email" value={email}
            onChange={(e) => setEmail(e.target.value)} />
          {forgot.isError && <p role="alert" className="text-sm text-red-700">{errorMessage(forgot.error)}</p>}
          <Button type="submit" size="lg" className="w-full" pending={forgot.isPending}>
            Send reset link
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
