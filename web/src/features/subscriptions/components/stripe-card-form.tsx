import { PaymentElement } from '@stripe/react-stripe-js';
import type { FormEvent } from 'react';
import { StripeElements, useStripeConfirm } from '@/components/billing/stripe-elements';
import { Button } from '@/components/ui/button';

interface StripeCardFormProps {
  publishableKey: string;
  clientSecret: string;
  amountLabel: string;
  busy: boolean;
  onPaid: (paymentIntentId: string) => void;
  onFailed: (message: string) => void;
}

/** Stripe Elements (production): the card never touches our server; Stripe confirms the PaymentIntent. */
export default function StripeCardForm({ publishableKey, clientSecret, ...rest }: StripeCardFormProps) {
  return (
    <StripeElements publishableKey={publishableKey} clientSecret={clientSecret}>
      <ConfirmForm {...rest} />
    </StripeElements>
  );
}

function ConfirmForm({ amountLabel, busy, onPaid, onFailed }: Omit<StripeCardFormProps, 'publishableKey' | 'clientSecret'>) {
  const { ready, confirming, confirm } = useStripeConfirm();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await confirm((stripe, elements) =>
      stripe.confirmPayment({
        elements,
        redirect: 'if_required',
        confirmParams: { return_url: `${window.location.origin}/subscribe` },
      }),
    );
    if (!answer) return;
    const { error, paymentIntent } = answer;
    if (error) return onFailed(error.message ?? 'Your payment could not be completed.');
    if (paymentIntent?.status === 'succeeded' || paymentIntent?.status === 'processing') return onPaid(paymentIntent.id);
    onFailed('Your payment could not be completed.');
  };

  return (
    <form onSubmit={submit} className="space-y-4" aria-label="Card payment">
      <PaymentElement />
      <Button type="submit" size="lg" className="w-full" disabled={!ready} pending={confirming || busy}>
        {confirming || busy ? 'Processing...' : `Pay ${amountLabel}`}
      </Button>
    </form>
  );
}
