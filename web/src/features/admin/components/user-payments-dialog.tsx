import { shortDate } from '@/lib/dates';
import { LoadFailure } from '@/components/ui/load-failure';
import { useState } from 'react';
import { type AdminPayment, type AdminUser, refundEndsMembership } from '@shared/contract/index.ts';
import { PLANS } from '@shared/constants.ts';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { ConfirmDialog, Modal } from '@/components/ui/dialog';
import { Field, Input, Textarea } from '@/components/ui/form-controls';
import { errorMessage } from '@/lib/api-error';
import { centsAsDecimal, formatCents } from '@shared/money.ts';
import { useUserPayments } from '../api/get-user-payments';
import { useRefundPayment } from '../api/refund-payment';
import { useTestDispute } from '../api/test-dispute';

/** What a refund does to the membership, in words (the rule the server applies: refundEndsMembership). */
const refundEffectWords = (payment: AdminPayment, amountCents: number) =>
  refundEndsMembership(payment, amountCents) ? 'Ends the membership now'
    : payment.membershipOver ? 'The membership has already ended' : 'Keeps the membership active';

/** "4.99" → 499; blank → undefined (all that is left); anything else → null. */
function parseDollars(text: string): number | undefined | null {
  const trimmed = text.trim().replace(/^\$/, '');
  if (!trimmed) return undefined;
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return Math.round(Number(trimmed) * 100);
}

function RefundForm({ payment, onDone }: { payment: AdminPayment; onDone: (notice: string | null) => void }) {
  const left = payment.refundableCents;
  // The refundable remainder is the default; the admin lowers it for a partial refund.
  const [amount, setAmount] = useState(() => centsAsDecimal(left));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  // A refund cannot be taken back: every refund asks once, saying what it does to the membership (issue 39).
  const [confirming, setConfirming] = useState<number | null>(null);
  const refund = useRefundPayment({
    onSuccess: (answer) =>
      onDone(answer.outcome === 'pending'
        ? 'The refund is pending at the payment provider; it is recorded when the provider completes it.'
        : `Refunded ${formatCents(answer.amountCents ?? 0)}. ${answer.membershipEnded
          ? 'The membership has ended.'
          : `${formatCents(answer.charityCents ?? 0)} of the charity share reversed.`}`),
    onError: (error) => setProblem(errorMessage(error)),
  });
  const cents = parseDollars(amount);
  const refundCents = cents == null ? left : Math.min(cents, left);
  const submit = () => {
    if (cents === null || cents === 0) return setProblem('Enter an amount like 4.99, or leave it blank for all that is left.');
    if (cents !== undefined && cents > left) return setProblem(`At most ${formatCents(left)} is left to refund.`);
    if (!reason.trim()) return setProblem('A reason is required.');
    setProblem(null);
    setConfirming(refundCents);
  };
  return (
    <form
      noValidate
      className="mt-3 space-y-3 rounded-xl bg-stone-50 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Field id={`refund-amount-${payment.id}`} label="Amount ($)" hint={`Left to refund: ${formatCents(left)}.`}>
        <Input
          id={`refund-amount-${payment.id}`}
          inputMode="decimal"
          placeholder={centsAsDecimal(left)}
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          aria-describedby={`refund-amount-${payment.id}-hint`}
        />
      </Field>
      {cents !== null && (
        <p className="text-sm font-medium text-stone-800" data-testid="refund-effect">{refundEffectWords(payment, refundCents)}.</p>
      )}
      <Field id={`refund-reason-${payment.id}`} label="Reason" required>
        <Textarea id={`refund-reason-${payment.id}`} required maxLength={500} rows={2} value={reason} onChange={(e) => setReason(e.target.value)} />
      </Field>
      {problem && <p role="alert" className="text-sm text-red-700">{problem}</p>}
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" size="sm" onClick={() => onDone(null)} disabled={refund.isPending}>Cancel</Button>
        <Button type="submit" variant="destructive" size="sm" pending={refund.isPending}>
          Refund {formatCents(refundCents)}
        </Button>
      </div>
      <ConfirmDialog
        open={confirming !== null}
        title={`Refund ${formatCents(confirming ?? 0)}${confirming === left ? ' (all that is left)' : ''}?`}
        message={`${refundEffectWords(payment, confirming ?? 0)}. The refund cannot be taken back.`}
        confirmLabel="Confirm Refund"
        destructive
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          const amountCents = confirming ?? undefined;
          setConfirming(null);
          refund.mutate({ id: payment.id, amountCents, reason });
        }}
      />
    </form>
  );
}

const DISPUTE_NOTICES = {
  open: 'Dispute open: the membership is suspended and you were mailed.',
  won: 'Dispute won: the membership is restored.',
  lost: 'Dispute lost: counted as a refund.',
} as const;

function TestDisputeControls({ payment, onNotice }: { payment: AdminPayment; onNotice: (notice: string) => void }) {
  const step = useTestDispute({
    onSuccess: (answer) => onNotice(answer.payment.dispute ? DISPUTE_NOTICES[answer.payment.dispute] : 'Recorded.'),
    onError: (error) => onNotice(`The dispute step failed: ${errorMessage(error)}`),
  });
  const left = payment.refundableCents;
  return (
    <div className="mt-3 flex flex-wrap items-center gap-2 rounded-xl border border-dashed border-amber-400 p-2" data-testid="test-mode-controls">
      <Badge variant="warning">Test mode</Badge>
      {payment.dispute === 'open' ? (
        <>
          <Button size="sm" variant="outline" pending={step.isPending} onClick={() => step.mutate({ id: payment.id, action: 'win' })}>Win dispute</Button>
          <Button size="sm" variant="outline" pending={step.isPending} onClick={() => step.mutate({ id: payment.id, action: 'lose' })}>Lose dispute</Button>
        </>
      ) : (
        left > 0 && (
          <Button size="sm" variant="outline" pending={step.isPending} onClick={() => step.mutate({ id: payment.id, action: 'open' })}>Open dispute</Button>
        )
      )}
    </div>
  );
}

function PaymentItem({ payment, testMode }: { payment: AdminPayment; testMode: boolean }) {
  const [refunding, setRefunding] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const left = payment.refundableCents;
  return (
    <li className="rounded-xl border border-stone-200 p-3" data-testid="admin-payment">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold text-stone-900">
            {formatCents(payment.amountCents)} <span className="font-normal text-stone-600">· {payment.plan ? PLANS[payment.plan].label : 'Membership'}</span>
          </p>
          <p className="text-sm text-stone-600">{shortDate(payment.paidAt)}</p>
        </div>
        <div className="flex flex-wrap gap-1">
          {payment.returnedCents > 0 && (
            <Badge variant="secondary">{left === 0 ? 'Refunded in full' : `Refunded ${formatCents(payment.returnedCents)}`}</Badge>
          )}
          {payment.dispute && (
            <Badge variant={payment.dispute === 'open' ? 'destructive' : payment.dispute === 'won' ? 'outline' : 'warning'}>Dispute {payment.dispute}</Badge>
          )}
        </div>
      </div>
      <p className="mt-1 text-sm break-words text-stone-700">
        Charity: {payment.charityName ?? 'General fund'}, {formatCents(payment.charityNetCents)}
      </p>
      {/* Inside the dialog (a toast behind a modal is out of reach of screen readers). */}
      <p role="status" className="mt-1 text-sm font-medium text-brand-900 empty:hidden">{notice}</p>
      {!refunding && left > 0 && payment.dispute !== 'open' && (
        <Button className="mt-2" size="sm" variant="outline" onClick={() => { setNotice(null); setRefunding(true); }}>Refund</Button>
      )}
      {refunding && (
        <RefundForm
          payment={payment}
          onDone={(done) => {
            setRefunding(false);
            setNotice(done);
          }}
        />
      )}
      {testMode && <TestDisputeControls payment={payment} onNotice={setNotice} />}
    </li>
  );
}

/** A user's payments: refund one (all or part, with a reason); in test mode, rehearse a dispute. */
export function UserPaymentsDialog({ user, onClose }: { user: AdminUser | null; onClose: () => void }) {
  return (
    <Modal open={user !== null} onClose={onClose} title={`Payments of ${user?.name ?? ''}`} description={user?.email} className="max-w-xl">
      {user && <PaymentList userId={user.id} />}
      <div className="mt-4 flex justify-end">
        <Button variant="outline" onClick={onClose}>Close</Button>
      </div>
    </Modal>
  );
}

function PaymentList({ userId }: { userId: string }) {
  const payments = useUserPayments(userId);
  if (payments.isPending) return <p className="py-6 text-center text-stone-600">Loading payments...</p>;
  if (payments.isError) return <LoadFailure message={`Unable to load payments. ${errorMessage(payments.error)}`} onRetry={() => void payments.refetch()} />;
  if (payments.data.payments.length === 0) return <p className="py-6 text-center text-stone-600">No payments.</p>;
  return (
    <ul className="max-h-[60dvh] space-y-3 overflow-y-auto">
      {payments.data.payments.map((payment) => <PaymentItem key={payment.id} payment={payment} testMode={payments.data.testMode} />)}
    </ul>
  );
}
