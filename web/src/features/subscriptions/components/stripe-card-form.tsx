import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe, type Stripe } from '@stripe/stripe-js';
import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';

interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  amountLabel: string;
  busy: boolean;
  onPaid: (paymentIntentId: string) => void;
  onFailed: (message: string) => void;
}

// One Stripe.js instance per publishable key for the life of the page.
const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key));
  return stripes.get(key)!;
};

/** Stripe Elements (production): the card never touches our server; Stripe confirms the PaymentIntent. */
export default function StripeCardForm({ publishableKey, clientSecret, ...rest }: StripeCardFormProps) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      <ConfirmForm {...rest} />
    </Elements>
  );
}

function ConfirmForm({ amountLabel, busy, onPaid, onFailed }: Omit<StripeCardFormProps, 'publishableKey' | 'clientSecret'>) {
  const stripe = useStripe();
  const elements = useElements();
  const [confirming, setConfirming] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe || !elements) return;
    setConfirming(true);
    const { error, paymentIntent } = await stripe.confirmPayment({
      elements,
      redirect: 'if_required',
      confirmParams: { return_url: `${window.location.origin}/subscribe` },
    });
    setConfirming(false);
    if (error) return onFailed(error.message ?? 'Your payment could not be completed.');
    if (paymentIntent?.status === 'succeeded' || paymentIntent?.status === 'processing') return onPaid(paymentIntent.id);
    onFailed('Your payment could not be completed.');
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Card payment">
      <PaymentElement />
      <Button type="submit" size="lg" className="w-full" disabled={!stripe} pending={confirming || busy}>
        {confirming || busy ? 'Processing...' : `Pay ${amountLabel}`}
      </Button>
    </form>
  );
}
