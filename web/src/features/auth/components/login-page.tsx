import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/form-controls';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useWelcomeHome } from '@/lib/auth/use-welcome-home';
import { useLogin } from '../api/login';
import { AuthLayout } from './auth-layout';
import { TextLink } from './text-link';

export function LoginPage() {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // docs/spec.md section 2: the choice is kept in the form but never sent; sessions last as the server decides.
  const [rememberMe, setRememberMe] = useState(false);

  const login = useLogin({
    onSuccess: useWelcomeHome('Welcome back!', 'You have been logged in successfully.'),
    onError: (error) => toast({ title: 'Login failed', description: errorMessage(error), variant: 'destructive' }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    login.mutate({ email, password });
  };

  return (
    <AuthLayout
      title="Sign in to your account"
      subtitle="Your local deals are waiting."
      footer={
        <>
          Don't have an account? <TextLink to={paths.register}>Sign up</TextLink>
          {/* A paired counter tablet whose staff session ended comes here: back to its name + PIN switcher (decision 166). */}
          <span className="mt-2 block">Staff at a paired counter tablet? <TextLink to={paths.counterSwitch}>Sign in with your PIN</TextLink></span>
        </>
      }
    >
      <form onSubmit={onSubmit} className="space-y-5">
        <TextField id="login-email" label="Email address" required name="email" type="email" autoComplete="email"
          value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField id="login-password" label="Password" required name="password" type="password" autoComplete="current-password"
          value={password} onChange={(e) => setPassword(e.target.value)} />
        <div className="flex flex-wrap items-center justify-between gap-3">
          {/* The whole line is the tap target (44 px), not only the 16 px box (issue 31). */}
          <label htmlFor="login-remember" className="flex min-h-11 cursor-pointer items-center gap-2 text-sm text-stone-800">
            <Checkbox id="login-remember" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} />
            Remember me
          </label>
          <TextLink to={paths.forgotPassword} className="text-sm">
            Forgot your password?
          </TextLink>
        </div>
        <Button type="submit" size="lg" className="w-full" pending={login.isPending}>
          {login.isPending ? 'Signing in...' : 'Sign in'}
        </Button>
      </form>
    </AuthLayout>
  );
}
