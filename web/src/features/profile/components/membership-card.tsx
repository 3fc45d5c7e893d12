import { shortDate } from '@/lib/dates';
import { LoadFailure } from '@/components/ui/load-failure';
import { useState } from 'react';
import { PLANS } from '@shared/constants.ts';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import type { ToastOptions } from '@/components/ui/toast-store';
import { paths } from '@/config/paths';
import { formatUsd } from '@shared/money.ts';
import { useSubscriptionDetails } from '@/lib/subscription/get-subscription-details';
import { useResumeSubscription } from '@/lib/subscription/resume-subscription';
import { useCancelSubscription } from '../api/cancel-subscription';
import { usePauseSubscription } from '../api/pause-subscription';
import { CancelMembershipDialog } from './cancel-membership-dialog';
import { PauseMembershipDialog } from './pause-membership-dialog';

/** Membership management: plan, Renews/Ends date, Pause and Cancel, and what the membership gave to charity. */
export function MembershipCard() {
  const details = useSubscriptionDetails({ fresh: true });
  const pause = usePauseSubscription();
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const [confirming, setConfirming] = useState(false);
  const [confirmingPause, setConfirmingPause] = useState(false);

  if (details.isPending) return <p className="text-stone-600">Loading membership...</p>;
  if (details.isError) return <LoadFailure message="Your membership could not be loaded." onRetry={() => void details.refetch()} />;

  const d = details.data;
  const hasMembership = d.status === 'active' || d.status === 'paused' || d.status === 'past_due' || d.status === 'unpaid';
  const owes = d.status === 'past_due' || d.status === 'unpaid';
  const periodEnd = d.currentPeriodEnd ? shortDate(d.currentPeriodEnd) : null;

  /** A change confirmed in its dialog: the dialog closes however it ends, then a toast says how it went. */
  const confirmed = (mutation: typeof pause | typeof cancel, close: () => void, done: ToastOptions, failed: string) => () =>
    mutation.mutate(undefined, {
      onSuccess: () => {
        close();
        toast(done);
      },
      onError: () => {
        close();
        toast({ variant: 'destructive', title: failed });
      },
    });
  const pauseMembership = confirmed(
    pause,
    () => setConfirmingPause(false),
    { title: 'Subscription Paused', description: 'Your subscription has been paused. You can reactivate it anytime.' },
    'Failed to pause subscription. Please try again.',
  );
  const resumeMembership = () =>
    resume.mutate(undefined, {
      onSuccess: (answer) => toast({ title: 'Membership Resumed', description: answer.message }),
      onError: () => toast({ variant: 'destructive', title: 'Failed to resume your membership. Please try again.' }),
    });
  const cancelMembership = confirmed(
    cancel,
    () => setConfirming(false),
    { title: 'Subscription Cancelled', description: 'Your subscription will end at the current billing period.' },
    'Failed to cancel subscription. Please try again.',
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Membership</CardTitle>
      </CardHeader>
      <CardContent className="space-y-5">
        {!hasMembership ? (
          <div className="space-y-3">
            <p className="text-stone-700">
              {d.status === 'canceled' && d.plan
                ? `Your ${PLANS[d.plan].label} ${d.isPass ? 'pass' : 'membership'} has ended${periodEnd ? ` (${periodEnd})` : ''}. Restart it anytime to unlock every local deal again.`
                : "You don't have an active membership. Subscribe to unlock every local deal."}
            </p>
            <ButtonLink to={paths.subscribe}>{d.status === 'canceled' ? 'Restart Membership' : 'Start Membership'}</ButtonLink>
          </div>
        ) : (
          <div className="space-y-4">
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-lg font-semibold text-stone-900">{d.planName ?? 'Premium'}</span>
              {d.plan && <span className="text-stone-600">· {PLANS[d.plan].label}</span>}
              {d.status === 'active' && !d.isActive ? (
                <Badge variant="destructive">On hold</Badge>
              ) : d.status === 'paused' ? (
                <Badge variant="warning">Paused</Badge>
              ) : owes ? (
                <Badge variant="destructive">{d.status === 'unpaid' ? 'On hold' : 'Payment due'}</Badge>
              ) : d.cancelAtPeriodEnd && !d.isPass ? (
                <Badge variant="outline">Ending</Badge>
              ) : (
                <Badge>Active</Badge>
              )}
            </div>
            {d.status === 'unpaid' && (
              <p className="text-sm text-stone-800">
                Your renewal was not paid after several tries, so your member deals are on hold. Update your card under Billing
                and we charge it at once.
              </p>
            )}
            {d.status === 'paused' ? (
              // A paused membership does not renew: it says how it resumes, not "Renews" (issue 31).
              <p className="text-stone-800">
                <span className="font-medium">Resumes</span> when you choose Resume Membership below
              </p>
            ) : periodEnd && d.status !== 'unpaid' && (
              <p className="text-stone-800">
                <span className="font-medium">{d.cancelAtPeriodEnd ? 'Ends' : 'Renews'}</span> {periodEnd}
              </p>
            )}
            {d.status === 'active' && !d.isActive && (
              // A running membership without access: a payment dispute is open (decision 172).
              <p className="text-sm text-stone-700" data-testid="membership-on-hold">
                Your membership is on hold while your bank reviews a dispute of a payment. Deals come back if it is resolved in the membership's favour.
              </p>
            )}
            {d.terms && <p className="text-sm text-stone-600" data-testid="plan-terms">{d.terms}</p>}
            {d.status === 'paused' && (
              <p className="text-sm text-stone-700">Your membership is paused: you are not being charged, and deals are hidden until you resume it.</p>
            )}
            <div className="flex flex-wrap gap-2">
              {!d.cancelAtPeriodEnd && d.status === 'active' && (
                <Button variant="outline" onClick={() => setConfirmingPause(true)}>
                  Pause Membership
                </Button>
              )}
              {!d.cancelAtPeriodEnd && !owes && (
                <Button variant="destructive" onClick={() => setConfirming(true)}>
                  Cancel Membership
                </Button>
              )}
              {(d.cancelAtPeriodEnd || d.status === 'paused') && (
                <Button variant="secondary" onClick={resumeMembership} pending={resume.isPending}>
                  {d.status === 'paused' ? 'Resume Membership' : d.isPass ? 'Renew Automatically' : 'Keep My Membership'}
                </Button>
              )}
            </div>
          </div>
        )}
        {d.accountCreditCents > 0 && (
          <p className="rounded-xl bg-amber-50 p-4 text-sm text-stone-800" data-testid="account-credit">
            Account credit: <strong>{formatUsd(d.accountCreditCents, { keepCents: true })}</strong>. It comes off your next payment.
          </p>
        )}
        <p className="rounded-xl bg-brand-50 p-4 text-sm text-stone-800" data-testid="charity-given">
          Your membership has given <strong>{formatUsd(d.charityGivenCents, { keepCents: true })}</strong>
          {d.charityName ? (
            <>
              {' '}to <strong>{d.charityName}</strong>
            </>
          ) : (
            // No charity chosen and no city default: the share went to the general fund (decision 172).
            <>
              {' '}to the <strong>Pay Local general fund</strong>, held for local charities
            </>
          )}
          .
        </p>
        <PauseMembershipDialog
          open={confirmingPause}
          pending={pause.isPending}
          onClose={() => setConfirmingPause(false)}
          onConfirm={pauseMembership}
        />
        <CancelMembershipDialog
          open={confirming}
          periodEnd={periodEnd}
          pending={cancel.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={cancelMembership}
        />
      </CardContent>
    </Card>
  );
}
