import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { DEFAULT_PLAN, type PlanId } from '@shared/constants.ts';
import type { CompleteSubscriptionAnswer, CompleteSubscriptionBody, CreateSubscriptionAnswer } from '@shared/contract/index.ts';
import { BackLink } from '@/components/layout/back-link';
import { ScreenTitle } from '@/components/layout/screen-title';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { LoadingSplash } from '@/components/ui/loading-splash';
import { toast } from '@/components/ui/use-toast';
import { homePathForRole, paths } from '@/config/paths';
import { useUser } from '@/lib/auth/get-me';
import { useSubscriptionDetails } from '@/lib/subscription/get-subscription-details';
import { useSubscriptionStatus } from '@/lib/subscription/get-subscription-status';
import { useCompleteSubscription } from '../api/complete-subscription';
import { useCreateSubscription } from '../api/create-subscription';
import { completionErrorToast, paymentFailedToast, signupErrorToast } from '../utils/signup-toasts';
import { planOption } from '../utils/plans';
import { forgetPendingCheckout, readPendingCheckout, redirectReturn, rememberPendingCheckout } from '../utils/pending-checkout';
import { arrivingReferralCode, forgetReferralCode } from '../utils/referral-code';
import { newPasswordRefusal } from '@/components/ui/new-password-field';
import { AccountFields, emptyAccount, type AccountValues } from './account-fields';
import { PausedMembershipCard } from './paused-membership-card';
import { PaymentStep } from './payment-step';
import { PlanPicker } from './plan-picker';

type Step = 'form' | 'payment';

/** The membership exists but this page did not sign in (3-D Secure return), or the payment is still clearing. */
interface Outcome {
  title: string;
  message: string;
}

const CONFIRMING_MESSAGE =
  'We are confirming your payment with your bank. Once it clears your membership starts; then sign in with the email and password you chose.';

/**
 * /subscribe (public): plan, account form, then the card step (docs/spec.md section 2 and 4). A visitor's
 * account is created by the server only after the provider confirms the payment. A signed-in
 * customer without a membership subscribes their own account (the upgrade path); one whose membership
 * is paused is offered Resume instead (a second subscription would be refused).
 */
export function SubscribePage() {
  const { user } = useUser();
  const status = useSubscriptionStatus({ enabled: !!user });
  // Without an active membership a customer may still hold a paused one (status reports it as inactive).
  const needsDetails = user?.role === 'USER' && status.data?.isActive === false;
  const details = useSubscriptionDetails({ enabled: needsDetails });
  // Asked once more on arrival: the cache restored from IndexedDB may predate a pause or resume.
  const [detailsChecked, setDetailsChecked] = useState(false);
  const refetchDetails = details.refetch;
  useEffect(() => {
    if (!needsDetails || detailsChecked) return;
    void refetchDetails().finally(() => setDetailsChecked(true));
  }, [needsDetails, detailsChecked, refetchDetails]);
  const navigate = useNavigate();
  const [plan, setPlan] = useState<PlanId>(DEFAULT_PLAN);
  const [account, setAccount] = useState<AccountValues>(emptyAccount);
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const [step, setStep] = useState<Step>('form');
  const [checkout, setCheckout] = useState<CreateSubscriptionAnswer | null>(null);
  const create = useCreateSubscription();
  const complete = useCompleteSubscription();
  const [, setSearch] = useSearchParams();
  // Back from Stripe's 3-D Secure redirect (return_url = this page): the page reloaded, so it
  // finishes from what was remembered before the redirect.
  const [redirect] = useState(() => {
    const back = redirectReturn(new URLSearchParams(window.location.search));
    return back ? { failed: back.redirectStatus === 'failed', pending: readPendingCheckout(back.paymentIntentId) } : null;
  });
  const [outcome, setOutcome] = useState<Outcome | null>(() =>
    redirect && !redirect.failed && !redirect.pending ? { title: 'Payment processing', message: CONFIRMING_MESSAGE } : null);
  const returned = useRef(false);
  // A friend's invite code from /subscribe?ref=CODE (decision 200), kept until the checkout completes.
  const [referralCode, setReferralCode] = useState(() => arrivingReferralCode(window.location.search));
  const dropReferralCode = () => {
    forgetReferralCode();
    setReferralCode(null);
  };

  const completed = (answer: CompleteSubscriptionAnswer) => {
    forgetReferralCode();
    if (answer.user) {
      toast({ title: 'Welcome to Pay Local!', description: 'Your membership is active. Enjoy your local deals.' });
      navigate(paths.memberHome, { replace: true });
      return;
    }
    setOutcome({ title: answer.status === 'processing' ? 'Payment processing' : 'Membership active', message: answer.message });
  };

  const submitCompletion = (body: CompleteSubscriptionBody) =>
    complete.mutate(body, {
      onSuccess: completed,
      onError: (error) => toast({ variant: 'destructive', ...completionErrorToast(error) }),
    });

  useEffect(() => {
    if (!redirect || returned.current) return;
    returned.current = true;
    setSearch({}, { replace: true });
    forgetPendingCheckout();
    if (redirect.failed) toast({ variant: 'destructive', ...paymentFailedToast(null) });
    else if (redirect.pending) {
      const { paymentIntentId, customerId, plan } = redirect.pending;
      submitCompletion({ paymentIntentId, customerId, plan });
    }
    // Once per page load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [redirect]);

  if (user && status.isPending) return <LoadingSplash />;
  if (user && status.data?.isActive && !complete.isPending) return <Navigate to={paths.memberHome} replace />;
  if (needsDetails && !detailsChecked) return <LoadingSplash />;
  const paused = details.data?.status === 'paused' && !!details.data.currentPeriodEnd && new Date(details.data.currentPeriodEnd) > new Date();

  const isUpgrade = !!user;
  const startCheckout = (event: FormEvent) => {
    event.preventDefault();
    // The one password rule, checked before anything is sent (decision 176).
    const refusal = user ? null : newPasswordRefusal(account.password);
    setPasswordError(refusal);
    if (refusal) return;
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
        ...(referralCode ? { referralCode } : {}),
      },
      {
        onSuccess: (answer) => {
          setCheckout(answer);
          rememberPendingCheckout({ paymentIntentId: answer.paymentIntentId, customerId: answer.customerId, plan: answer.plan });
        },
        onError: (error) => {
          setStep('form');
          toast({ variant: 'destructive', ...signupErrorToast(error) });
        },
      },
    );
  };

  const finish = (paymentIntentId: string) => {
    if (!checkout) return;
    submitCompletion({
      email: checkout.customer.email,
      name: checkout.customer.name,
      password: isUpgrade ? undefined : account.password,
      paymentIntentId,
      customerId: checkout.customerId,
      isUpgrade: checkout.isUpgrade,
      existingUserId: checkout.existingUserId,
      plan: checkout.plan,
    });
  };

  const backToForm = () => {
    setStep('form');
    setCheckout(null);
  };

  return (
    <main className="mx-auto min-h-dvh max-w-3xl space-y-8 px-4 py-8 sm:px-6 sm:py-12">
      <BackLink to={paths.landing}>Back to home</BackLink>
      <ScreenTitle subtitle="One membership, every local deal. 10% goes to a local charity.">Become a Member</ScreenTitle>

      {outcome ? (
        <Card>
          <CardHeader>
            <CardTitle>{outcome.title}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <p role="status" className="text-stone-800">{outcome.message}</p>
            {!user && (
              <Link to={paths.login} className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700">
                Sign in
              </Link>
            )}
          </CardContent>
        </Card>
      ) : complete.isPending && step === 'form' ? (
        <LoadingSplash />
      ) : user && paused && !complete.isPending ? (
        <PausedMembershipCard />
      ) : user && user.role !== 'USER' ? (
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
          {referralCode && (
            <div className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-brand-50 p-4 text-stone-800">
              <p>
                A friend invited you (code <strong>{referralCode}</strong>). Once your first payment has cleared for 7 days,
                you both get account credit off a later payment.
              </p>
              <Button type="button" variant="ghost" size="sm" onClick={dropReferralCode} disabled={create.isPending}>
                Join without the code
              </Button>
            </div>
          )}
          <PlanPicker value={plan} onChange={setPlan} disabled={create.isPending} />
          {isUpgrade ? (
            <p className="rounded-xl bg-brand-50 p-4 text-stone-800">
              Subscribing as <strong>{user.name}</strong> ({user.email}).
            </p>
          ) : (
            <AccountFields value={account} onChange={setAccount} disabled={create.isPending} passwordError={passwordError} />
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
          <Link to={paths.login} className="inline-flex min-h-11 items-center font-semibold text-brand-700 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700">
            Sign in
          </Link>
        </p>
      )}
    </main>
  );
}
