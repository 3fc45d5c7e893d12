import { PaymentElement } from '@stripe/react-stripe-js';
import { useEffect, useState, type FormEvent } from 'react';
import type { CardCompleteAnswer } from '@shared/contract/index.ts';
import { StripeElements, useStripeConfirm } from '@/components/billing/stripe-elements';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-error';
import { useCompleteCardSetup } from '../api/complete-card-setup';
import { useConfirmTestSetup } from '../api/confirm-test-setup';
import { useStartCardSetup } from '../api/start-card-setup';

interface CardUpdateFormProps {
  onDone: (answer: CardCompleteAnswer) => void;
  onCancel: () => void;
}

/**
 * Saves a new card (decision 171): a SetupIntent, confirmed by Stripe's Payment Element, or by the built-in
 * test provider's card form (Stripe's test numbers) exactly where the subscribe flow rehearses payment.
 * An open renewal is then charged to it by the server.
 */
export function CardUpdateForm({ onDone, onCancel }: CardUpdateFormProps) {
  const start = useStartCardSetup();
  const complete = useCompleteCardSetup();
  const [problem, setProblem] = useState<string | null>(null);
  const { mutate } = start;
  useEffect(() => { mutate(); }, [mutate]);

  const finish = (setupIntentId: string) =>
    complete.mutate(setupIntentId, { onSuccess: onDone, onError: (error) => setProblem(errorMessage(error, 'Your card could not be saved.')) });

  if (start.isError) return <p role="alert" className="text-red-700">{errorMessage(start.error, 'Card update is not available right now.')}</p>;
  if (!start.data) return <p className="text-stone-600">Preparing a secure card form...</p>;
  const setup = start.data;
  return (
    <div className="space-y-3 rounded-xl border border-stone-200 p-4">
      {setup.provider === 'stripe' && setup.publishableKey ? (
        <StripeElements publishableKey={setup.publishableKey} clientSecret={setup.clientSecret}>
          <StripeSetupForm busy={complete.isPending} onConfirmed={finish} onFailed={setProblem} />
        </StripeElements>
      ) : (
        <TestSetupForm clientSecret={setup.clientSecret} busy={complete.isPending} onConfirmed={() => finish(setup.setupIntentId)} onFailed={setProblem} />
      )}
      {problem && <p role="alert" className="text-sm text-red-700">{problem}</p>}
      <Button variant="ghost" size="sm" onClick={onCancel}>Cancel</Button>
    </div>
  );
}

interface ConfirmProps { busy: boolean; onFailed: (message: string) => void }

function StripeSetupForm({ busy, onConfirmed, onFailed }: ConfirmProps & { onConfirmed: (setupIntentId: string) => void }) {
  const { ready, confirming, confirm } = useStripeConfirm();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await confirm((stripe, elements) =>
      stripe.confirmSetup({ elements, redirect: 'if_required', confirmParams: { return_url: `${window.location.origin}/profile` } }));
    if (!answer) return;
    const { error, setupIntent } = answer;
    if (error || !setupIntent) return onFailed(error?.message ?? 'Your card could not be saved.');
    onConfirmed(setupIntent.id);
  };
  return (
    <form onSubmit={submit} className="space-y-4" aria-label="New card">
      <PaymentElement />
      <Button type="submit" className="w-full" disabled={!ready} pending={confirming || busy}>Save card</Button>
    </form>
  );
}

function TestSetupForm({ clientSecret, busy, onConfirmed, onFailed }: ConfirmProps & { clientSecret: string; onConfirmed: () => void }) {
  const confirm = useConfirmTestSetup();
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const m = expiry.replace(/\s/g, '').match(/^(\d{1,2})\/(\d{2})$/);
    if (!m) return onFailed("Your card's expiration date is incomplete.");
    confirm.mutate(
      { clientSecret, cardNumber, expMonth: Number(m[1]), expYear: 2000 + Number(m[2]), cvc },
      { onSuccess: onConfirmed, onError: (error) => onFailed(errorMessage(error, 'Your card could not be saved.')) },
    );
  };
  return (
    <form onSubmit={submit} className="space-y-3" aria-label="New card (test mode)">
      <p role="note" className="rounded-lg border-2 border-dashed border-amber-500 bg-amber-50 p-3 text-sm text-amber-950">
        <span className="font-bold">Test mode — no real card is saved.</span> Use <span className="font-mono">4242 4242 4242 4242</span>, or{' '}
        <span className="font-mono">4000 0000 0000 0002</span> to see a decline.
      </p>
      <TextField id="new-card-number" label="Card number" required inputMode="numeric" autoComplete="cc-number" value={cardNumber} onChange={(e) => setCardNumber(e.target.value)} />
      <div className="grid grid-cols-2 gap-3">
        <TextField id="new-card-expiry" label="Expiry (MM / YY)" required inputMode="numeric" autoComplete="cc-exp" placeholder="MM / YY" value={expiry} onChange={(e) => setExpiry(e.target.value)} />
        <TextField id="new-card-cvc" label="CVC" required inputMode="numeric" autoComplete="cc-csc" maxLength={4} value={cvc} onChange={(e) => setCvc(e.target.value.replace(/\D/g, ''))} />
      </div>
      <Button type="submit" className="w-full" pending={confirm.isPending || busy}>Save card</Button>
    </form>
  );
}
