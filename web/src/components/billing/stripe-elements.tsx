import { Elements, useElements, useStripe } from '@stripe/react-stripe-js';
// The pure entry: the package's main entry adds js.stripe.com's script as soon as it is imported (a side effect), so
// any screen that merely imports a Stripe form (the profile's card update, with the built-in test provider too) would
// load Stripe.js. With /pure, it loads only when StripeElements first renders (issue 39).
import { loadStripe } from '@stripe/stripe-js/pure';
import type { Stripe, StripeElements as Elements_ } from '@stripe/stripe-js';
import { useState, type ReactNode } from 'react';

// One Stripe.js instance per publishable key for the life of the page (paying at subscribe, saving a new card).
const stripes = new Map<string, Promise<Stripe | null>>();
const stripeFor = (key: string) => {
  if (!stripes.has(key)) stripes.set(key, loadStripe(key));
  return stripes.get(key)!;
};

/** Stripe Elements (production) for one PaymentIntent or SetupIntent: the card never touches our server. */
export function StripeElements({ publishableKey, clientSecret, children }: { publishableKey: string; clientSecret: string; children: ReactNode }) {
  return (
    <Elements stripe={stripeFor(publishableKey)} options={{ clientSecret, appearance: { theme: 'stripe' } }}>
      {children}
    </Elements>
  );
}

/**
 * The confirm step of a form inside StripeElements: `confirm(call)` runs one Stripe confirm call with the
 * elements (nothing before Stripe.js has loaded), `confirming` meanwhile; `ready` once Stripe.js is there.
 */
export function useStripeConfirm() {
  const stripe = useStripe();
  const elements = useElements();
  const [confirming, setConfirming] = useState(false);
  const confirm = async <T,>(call: (stripe: Stripe, elements: Elements_) => Promise<T>): Promise<T | undefined> => {
    if (!stripe || !elements) return undefined;
    setConfirming(true);
    const answer = await call(stripe, elements);
    setConfirming(false);
    return answer;
  };
  return { ready: stripe !== null, confirming, confirm };
}
