import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router';
import { DEFAULT_PLAN, type PlanId } from '@shared/constants.ts';
import type { CreateSubscriptionAnswer } from '@shared/contract/index.ts';
import { BackLink } from '@/components/layout/back-link';
import { ScreenTitle } from '@/components/layout/screen-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingSplash } from '@/components/ui/loading-splash';
import { toast } from '@/components/ui/use-toast';
import { homePathForRole, paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-me';
import { useSubscriptionStatus } from '@/lib/subscription/get-subscription-status';
import { useCompleteSubscription } from '../api/complete-subscription';
import { useCreateSubscription } from '../api/create-subscription';
import { completionErrorToast, paymentFailedToast, signupErrorToast } from '../utils/signup-toasts';
import { planOption } from '../utils/plans';
import { AccountFields, emptyAccount, type AccountValues } from './account-fields';
import { PaymentStep } from './payment-step';
import { PlanPicker } from './plan-picker';

type Step = 'form' | 'payment';

/**
 * /subscribe (public): plan, account form, then the card step (docs/spec.md section 2 and 4). A visitor's
 * account is created by the server only after the provider confirms the payment. A signed-in
 * customer without a membership subscribes their own account (the upgrade path).
 */
export function SubscribePage() {
  const { user } = useUser();
  const status = useSubscriptionStatus({ enabled: !!user });
  const navigate = useNavigate();
  const [plan, setPlan] = useState<PlanId>(DEFAULT_PLAN);
  const [account, setAccount] = useState<AccountValues>(emptyAccount);
  const [step, setStep] = useState<Step>('form');
  const [checkout, setCheckout] = useState<CreateSubscriptionAnswer | null>(null);
  const create = useCreateSubscription();
  const complete = useCompleteSubscription();

  if (user && status.isPending) return <LoadingSplash />;
  if (user && status.data?.isActive && !complete.isPending) return <Navigate to={paths.memberHome} replace />;

  const isUpgrade = !!user;
  const startCheckout = (event: FormEvent) => {
    event.preventDefault();
    setStep('payment');
    setCheckout(null);
    create.mutate(
      {
        email: user?.email ?? account.email,
        name: user?.name ?? account.name,
        password: isUpgrade ? '' : account.password,
        plan,
        homeCityId: account.homeCityId || null,
        preferredCharityId: account.preferredCharityId || null,
      },
      {
        onSuccess: setCheckout,
        onError: (error) => {
          setStep('form');
          toast({ variant: 'destructive', ...signupErrorToast(error) });
        },
      },
    );
  };

  const finish = (paymentIntentId: string) => {
    if (!checkout) return;
    complete.mutate(
      {
        email: checkout.customer.email,
        name: checkout.customer.name,
        password: isUpgrade ? undefined : account.password,
        paymentIntentId,
        customerId: checkout.customerId,
        isUpgrade: checkout.isUpgrade,
        existingUserId: checkout.existingUserId,
        plan: checkout.plan,
      },
      {
        onSuccess: () => {
          toast({ title: 'Welcome to Pay Local!', description: 'Your membership is active. Enjoy your local deals.' });
          navigate(paths.memberHome, { replace: true });
        },
        onError: (error) => toast({ variant: 'destructive', ...completionErrorToast(error) }),
      },
    );
  };

  const backToForm = () => {
    setStep('form');
    setCheckout(null);
  };

  return (
    <main className="mx-auto min-h-dvh max-w-3xl space-y-8 px-4 py-8 sm:px-6 sm:py-12">
      <BackLink to={paths.landing}>Back to home</BackLink>
      <ScreenTitle subtitle="One membership, every local deal. 10% goes to a local charity.">Become a Member</ScreenTitle>

      {user && user.role !== 'USER' ? (
        <Card>
          <CardContent className="space-y-3 pt-6">
            <p className="text-stone-800">Memberships are for customer accounts. You are signed in as a {user.role.toLowerCase()}.</p>
            <Link to={homePathForRole(user.role)} className="font-semibold text-brand-700 hover:underline">
              Go to your dashboard
            </Link>
          </CardContent>
        </Card>
      ) : step === 'form' ? (
        <form onSubmit={startCheckout} className="space-y-8">
          <PlanPicker value={plan} onChange={setPlan} disabled={create.isPending} />
          {isUpgrade ? (
            <p className="rounded-xl bg-brand-50 p-4 text-stone-800">
              Subscribing as <strong>{user.name}</strong> ({user.email}).
            </p>
          ) : (
            <AccountFields value={account} onChange={setAccount} disabled={create.isPending} />
          )}
          <Button type="submit" size="lg" className="w-full" pending={create.isPending}>
            Continue to Payment
          </Button>
        </form>
      ) : (
        <Card>
          <CardHeader>
            <CardTitle>3. Payment</CardTitle>
            <p className="text-sm text-stone-600">
              {planOption(plan).label} plan · {planOption(plan).price} {planOption(plan).period}
            </p>
          </CardHeader>
          <CardContent className="space-y-4">
            <PaymentStep
              checkout={checkout}
              busy={complete.isPending}
              onPaid={finish}
              onFailed={(message) => toast({ variant: 'destructive', ...paymentFailedToast(message) })}
            />
            <Button variant="ghost" size="sm" onClick={backToForm} disabled={complete.isPending}>
              Change plan or details
            </Button>
          </CardContent>
        </Card>
      )}

      {!user && (
        <p className="text-sm text-stone-700">
          Already a member?{' '}
          <Link to={paths.login} className="font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700">
            Sign in
          </Link>
        </p>
      )}
    </main>
  );
}
