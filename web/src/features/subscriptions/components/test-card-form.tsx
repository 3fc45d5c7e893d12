import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { errorMessage } from '@/lib/api-error';
import { useConfirmTestCard } from '../api/confirm-test-card';
import { formatCardNumber, formatExpiry, parseExpiry } from '../utils/card-input';

interface TestCardFormProps {
  clientSecret: string;
  amountLabel: string;
  busy: boolean;
  onPaid: (paymentIntentId: string) => void;
  onFailed: (message: string) => void;
}

/** The built-in test provider's card form: no network, Stripe's test card numbers, clearly labelled. */
export function TestCardForm({ clientSecret, amountLabel, busy, onPaid, onFailed }: TestCardFormProps) {
  const [cardNumber, setCardNumber] = useState('');
  const [expiry, setExpiry] = useState('');
  const [cvc, setCvc] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = useConfirmTestCard();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const exp = parseExpiry(expiry);
    if (!exp) return setProblem("Your card's expiration date is incomplete.");
    if (!/^\d{3,4}$/.test(cvc)) return setProblem("Your card's security code is incomplete.");
    setProblem(null);
    confirm.mutate(
      { clientSecret, cardNumber, cvc, ...exp },
      {
        onSuccess: ({ paymentIntent }) => onPaid(paymentIntent.id),
        onError: (error) => onFailed(errorMessage(error, 'Your payment could not be completed.')),
      },
    );
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Card payment (test mode)">
      <div role="note" className="rounded-xl border-2 border-dashed border-amber-500 bg-amber-50 p-4 text-sm text-amber-950">
        <p className="font-bold uppercase tracking-wide">Test mode — no real card is charged</p>
        <p className="mt-1">
          Use <span className="font-mono">4242 4242 4242 4242</span> to pay, or <span className="font-mono">4000 0000 0000 0002</span> to
          see a declined card. Any future expiry date and any 3-digit CVC.
        </p>
      </div>
      <TextField id="card-number" label="Card number" required inputMode="numeric" autoComplete="cc-number" placeholder="1234 1234 1234 1234"
        value={cardNumber} onChange={(e) => setCardNumber(formatCardNumber(e.target.value))} />
      <div className="grid grid-cols-2 gap-4">
        <TextField id="card-expiry" label="Expiry (MM / YY)" required inputMode="numeric" autoComplete="cc-exp" placeholder="MM / YY"
          value={expiry} onChange={(e) => setExpiry(formatExpiry(e.target.value))} />
        <TextField id="card-cvc" label="CVC" required inputMode="numeric" autoComplete="cc-csc" placeholder="123" maxLength={4}
          value={cvc} onChange={(e) => setCvc(e.target.value.replace(/\D/g, ''))} />
      </div>
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" pending={confirm.isPending || busy}>
        {confirm.isPending || busy ? 'Processing...' : `Pay ${amountLabel}`}
      </Button>
    </form>
  );
}
