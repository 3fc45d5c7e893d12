import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { NewPasswordField, newPasswordRefusal } from '@/components/ui/new-password-field';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-error';
import { useWelcomeHome } from '@/lib/auth/use-welcome-home';
import { useCities } from '@/lib/lookup/get-cities';
import { useRegister } from '../api/register';
import {
  buildRegisterBody,
  initialRegisterForm,
  withHomeCity,
  type AccountType,
  type RegisterFormState,
} from '../utils/register-form-state';
import { AccountTypeSwitch } from './account-type-switch';
import { AuthLayout } from './auth-layout';
import { CustomerFields } from './customer-fields';
import { MerchantFields } from './merchant-fields';
import { TextLink } from './text-link';

export function RegisterForm({ initialType }: { initialType: AccountType }) {
  const [form, setForm] = useState<RegisterFormState>(() => initialRegisterForm(initialType));
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const cities = useCities();
  const cityList = cities.data ?? [];

  const set = <K extends keyof RegisterFormState>(key: K, value: RegisterFormState[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const registration = useRegister({
    onSuccess: useWelcomeHome('Welcome to Pay Local!', 'Your account has been created successfully.'),
    onError: (error) => toast({ title: 'Registration failed', description: errorMessage(error), variant: 'destructive' }),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The one password rule, checked before sending (decision 176 amends the spec's hint-only field).
    const refusal = newPasswordRefusal(form.password);
    setPasswordError(refusal);
    if (refusal) return;
    registration.mutate(buildRegisterBody(form, cityList));
  };

  const isMerchant = form.accountType === 'MERCHANT';
  return (
    <AuthLayout
      title={isMerchant ? 'Create merchant account' : 'Create your account'}
      subtitle={isMerchant ? 'Reach local customers who love small businesses.' : 'Exclusive deals from small, family-owned businesses.'}
      footer={
        <>
          Already have an account? <TextLink to={paths.login}>Sign in</TextLink>
        </>
      }
    >
      <form onSubmit={onSubmit} className="space-y-6">
        <AccountTypeSwitch value={form.accountType} onChange={(value) => set('accountType', value)} />

        <div className="space-y-5">
          <TextField id="register-name" label="Full name" required autoComplete="name" value={form.name} onChange={(e) => set('name', e.target.value)} />
          <TextField id="register-email" label="Email address" required type="email" autoComplete="email"
            value={form.email} onChange={(e) => set('email', e.target.value)} />
          <NewPasswordField id="register-password" value={form.password} error={passwordError} onChange={(value) => set('password', value)} />
        </div>

        {isMerchant ? (
          <MerchantFields state={form} cities={cityList} citiesLoading={cities.isPending} onChange={set} />
        ) : (
          <CustomerFields
            cities={cityList}
            citiesLoading={cities.isPending}
            homeCityId={form.homeCityId}
            preferredCharityId={form.preferredCharityId}
            onHomeCityChange={(cityId) => setForm((current) => withHomeCity(current, cityId))}
            onCharityChange={(charityId) => set('preferredCharityId', charityId)}
          />
        )}

        <Button type="submit" size="lg" className="w-full" pending={registration.isPending}>
          {registration.isPending ? 'Creating account...' : 'Create Account'}
        </Button>
      </form>
    </AuthLayout>
  );
}
