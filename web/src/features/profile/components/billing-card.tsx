import { shortDate } from '@/lib/dates';
import { useState } from 'react';
import { PLANS, SWITCHABLE_PLANS } from '@shared/constants.ts';
import type { PaymentLine, PaymentsAnswer, SubscriptionDetails } from '@shared/contract/index.ts';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-error';
import { formatCents } from '@shared/money.ts';
import { useChangePlan } from '../api/change-plan';
import { usePaymentConfig } from '../api/get-payment-config';
import { usePaymentHistory } from '../api/get-payment-history';
import { usePlanChangePreview } from '../api/get-plan-change';
import { useRetryPayment } from '../api/retry-payment';
import { useTestRenewal } from '../api/test-renewal';
import { CardUpdateForm } from './card-update-form';

/** /profile#billing (decision 171): the saved card and its update, a failed renewal's retry, plan change, payments. */
export function BillingCard({ details: d }: { details: SubscriptionDetails }) {
  const [updating, setUpdating] = useState(false);
  const retry = useRetryPayment();
  const config = usePaymentConfig();
  const owes = d.status === 'past_due' || d.status === 'unpaid';
  const running = d.status === 'active' || d.status === 'paused' || owes;

  const retryPayment = () =>
    retry.mutate(undefined, {
      onSuccess: (answer) => toast({ title: 'Payment received', description: answer.message }),
      onError: (error) => toast({ variant: 'destructive', title: 'Payment failed', description: errorMessage(error) }),
    });

  return (
    <Card id="billing">
      <CardHeader>
        <CardTitle>Billing</CardTitle>
      </CardHeader>
      <CardContent className="space-y-6">
        {running && (
          <section aria-label="Payment method" className="space-y-3">
            <p className="text-stone-800">
              <span className="font-medium">Card:</span> {d.cardLabel ?? 'the card you subscribed with'}
            </p>
            {updating ? (
              <CardUpdateForm
                onCancel={() => setUpdating(false)}
                onDone={(answer) => {
                  setUpdating(false);
                  toast({ variant: answer.retry === 'declined' ? 'destructive' : undefined, title: 'Card saved', description: answer.message });
                }}
              />
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button variant={owes ? 'primary' : 'outline'} onClick={() => setUpdating(true)}>Update card</Button>
                {owes && (
                  <Button variant="outline" onClick={retryPayment} pending={retry.isPending}>Retry payment</Button>
                )}
              </div>
            )}
          </section>
        )}
        {d.status === 'active' && d.plan && SWITCHABLE_PLANS.includes(d.plan) && <PlanChange current={d.plan} />}
        <PaymentHistory />
        {config.data?.provider === 'test' && running && !d.cancelAtPeriodEnd && d.status !== 'paused' && <TestPaymentsPanel />}
      </CardContent>
    </Card>
  );
}

function PlanChange({ current }: { current: 'monthly' | 'yearly' | string }) {
  const target = current === 'monthly' ? 'yearly' : 'monthly';
  const [asking, setAsking] = useState(false);
  const preview = usePlanChangePreview(asking ? target : null);
  const change = useChangePlan();
  const confirm = () =>
    change.mutate(target, {
      onSuccess: (answer) => {
        setAsking(false);
        toast({ title: 'Plan changed', description: answer.message });
      },
      onError: (error) => toast({ variant: 'destructive', title: 'Plan not changed', description: errorMessage(error) }),
    });
  return (
    <section aria-label="Change plan" className="space-y-3">
      {!asking ? (
        <Button variant="outline" onClick={() => setAsking(true)}>Switch to {PLANS[target].label}</Button>
      ) : preview.isPending ? (
        <p className="text-stone-600">Working out the price...</p>
      ) : preview.isError ? (
        <p role="alert" className="text-red-700">{errorMessage(preview.error)}</p>
      ) : (
        <div className="space-y-2 rounded-xl border border-stone-200 p-4 text-sm text-stone-800" data-testid="plan-change-preview">
          <p className="font-medium">Switch to {preview.data.planLabel}</p>
          <p>{preview.data.planLabel} plan: {formatCents(preview.data.newPriceCents)}</p>
          <p>Credit for the unused part of this period: −{formatCents(preview.data.creditCents)}</p>
          <p className="font-semibold">Charged now: {formatCents(preview.data.amountDueCents)}</p>
          <p className="text-stone-600">{preview.data.terms}</p>
          <div className="flex flex-wrap gap-2 pt-1">
            <Button onClick={confirm} pending={change.isPending}>Confirm switch</Button>
            <Button variant="ghost" onClick={() => setAsking(false)}>Keep {PLANS[current as 'monthly'].label}</Button>
          </div>
        </div>
      )}
    </section>
  );
}

/** Every charge, refund, chargeback and credit in words (issue 39), with the sums they add up to. */
function PaymentHistory() {
  const payments = usePaymentHistory();
  return (
    <section aria-label="Payments" className="space-y-2">
      <h3 className="font-semibold text-stone-900">Payments</h3>
      {payments.isPending ? (
        <p className="text-stone-600">Loading payments...</p>
      ) : payments.isError ? (
        <p role="alert" className="text-red-700">Your payments could not be loaded.</p>
      ) : payments.data.lines.length === 0 ? (
        <p className="text-stone-600">No payments yet.</p>
      ) : (
        <>
          <ul className="divide-y divide-stone-200">
            {payments.data.lines.map((line) => <PaymentLineItem key={line.id} line={line} />)}
          </ul>
          <PaymentTotals totals={payments.data.totals} />
        </>
      )}
    </section>
  );
}

function PaymentLineItem({ line }: { line: PaymentLine }) {
  if (line.kind === 'charge') {
    const refunded = line.charityNetCents !== line.charityShareCents;
    return (
      <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-sm" data-testid="payment-line" data-kind="charge">
        <span className="text-stone-900">
          {shortDate(line.at)} · {line.planLabel} plan, {shortDate(line.periodStart)} to {shortDate(line.periodEnd)}
        </span>
        <span className="font-medium">{formatCents(line.amountCents)}</span>
        <span className="w-full text-stone-600">
          {refunded
            ? `${formatCents(line.charityNetCents)} to ${line.charityName ?? 'local charities'} after refunds (${formatCents(line.charityShareCents)} at first)`
            : `${formatCents(line.charityShareCents)} to ${line.charityName ?? 'local charities'}`}
          {line.creditAppliedCents > 0 && ` · ${formatCents(line.creditAppliedCents)} of account credit taken off`}
        </span>
        <Link to={paths.receipt(line.paymentId)} className="inline-flex min-h-11 items-center text-brand-700 underline">Receipt</Link>
      </li>
    );
  }
  if (line.kind === 'credit') {
    return (
      <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-sm" data-testid="payment-line" data-kind="credit">
        <span className="text-stone-900">{shortDate(line.at)} · {line.description}</span>
        <span className="font-medium">{line.amountCents > 0 ? `+${formatCents(line.amountCents)}` : formatCents(line.amountCents)} credit</span>
      </li>
    );
  }
  return (
    <li className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1 py-2 text-sm" data-testid="payment-line" data-kind={line.kind}>
      <span className="text-stone-900">
        {shortDate(line.at)} · {line.kind === 'refund' ? 'Refund' : 'Chargeback'} of your {line.planLabel} payment
      </span>
      <span className="font-medium">{formatCents(-line.amountCents)}</span>
      <span className="w-full text-stone-600">
        {line.reason && `${line.reason} · `}
        {line.charityCents < 0 ? `${formatCents(-line.charityCents)} of the charity share went back` : 'The charity share is unchanged'}
      </span>
    </li>
  );
}

function PaymentTotals({ totals }: { totals: PaymentsAnswer['totals'] }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 border-t border-stone-300 pt-2 text-sm" data-testid="payment-totals">
      <dt className="text-stone-700">Paid in total{totals.returnedCents > 0 && ` (${formatCents(totals.chargedCents)} charged, ${formatCents(totals.returnedCents)} back)`}</dt>
      <dd className="text-right font-medium">{formatCents(totals.paidCents)}</dd>
      <dt className="text-stone-700">Given to charity</dt>
      <dd className="text-right font-medium">{formatCents(totals.charityCents)}</dd>
      {totals.creditCents !== 0 && (
        <>
          <dt className="text-stone-700">Account credit left</dt>
          <dd className="text-right font-medium">{formatCents(totals.creditCents)}</dd>
        </>
      )}
    </dl>
  );
}

/** Test payments only: make the next renewal happen now, and succeed, fail or ask for 3-D Secure. */
function TestPaymentsPanel() {
  const renew = useTestRenewal();
  const run = (outcome: 'succeed' | 'fail' | 'action') =>
    renew.mutate(outcome, {
      onSuccess: (answer) => toast({ title: 'Test renewal', description: answer.message }),
      onError: (error) => toast({ variant: 'destructive', title: 'Test renewal', description: errorMessage(error) }),
    });
  return (
    <section aria-label="Test payments" className="space-y-2 rounded-xl border-2 border-dashed border-amber-500 bg-amber-50 p-4 text-sm text-amber-950">
      <p className="font-bold uppercase tracking-wide">Test payments</p>
      <p>Run your next renewal now (no money moves):</p>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => run('succeed')} disabled={renew.isPending}>Renewal succeeds</Button>
        <Button size="sm" variant="outline" onClick={() => run('fail')} disabled={renew.isPending}>Renewal fails</Button>
        <Button size="sm" variant="outline" onClick={() => run('action')} disabled={renew.isPending}>Renewal needs 3-D Secure</Button>
      </div>
    </section>
  );
}
