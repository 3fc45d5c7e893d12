import { lazy, Suspense } from 'react';
import { planTerms } from '@shared/constants.ts';
import type { CreateSubscriptionAnswer } from '@shared/contract/index.ts';
import { Spinner } from '@/components/ui/spinner';
import { formatUsd } from '@shared/money.ts';
import { TestCardForm } from './test-card-form';

// Stripe.js loads only when Stripe is the provider.
const StripeCardForm = lazy(() => import('./stripe-card-form'));

interface PaymentStepProps {
  checkout: CreateSubscriptionAnswer | null;
  busy: boolean;
  onPaid: (paymentIntentId: string) => void;
  onFailed: (message: string) => void;
}

function Preparing() {
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-10 text-stone-700">
      <Spinner className="size-6 text-brand-700" />
      <span>Preparing secure payment...</span>
    </div>
  );
}

/** The plan's terms, shown before the card (decision 171): price, period, renewal, how to cancel. */
function Terms({ checkout }: { checkout: CreateSubscriptionAnswer }) {
  return <p className="mb-4 rounded-xl bg-stone-100 p-3 text-sm text-stone-800" data-testid="plan-terms">{planTerms(checkout.plan)}</p>;
}

/** The card step: a spinner until the client secret exists, then the plan's terms and the provider's card form. */
export function PaymentStep(props: PaymentStepProps) {
  if (!props.checkout?.clientSecret) return <Preparing />;
  return (
    <>
      <Terms checkout={props.checkout} />
      <CardForm {...props} checkout={props.checkout} />
    </>
  );
}

/** What the card form needs of a started payment: a subscription's checkout or a one-off payment (a gift). */
export type CardPayment = Pick<CreateSubscriptionAnswer, 'provider' | 'publishableKey' | 'clientSecret' | 'amountCents'>;

/** The provider's card form for a started payment (also the gift's, composed by its route). */
export function CardForm({ checkout, busy, onPaid, onFailed }: Omit<PaymentStepProps, 'checkout'> & { checkout: CardPayment }) {
  const amountLabel = formatUsd(checkout.amountCents, { keepCents: true });
  if (checkout.provider === 'stripe' && !checkout.publishableKey) {
    return (
      <p role="alert" className="text-sm font-medium text-red-700">
        Card payments are not configured on this server (missing Stripe publishable key). Please try again later.
      </p>
    );
  }
  if (checkout.provider === 'stripe' && checkout.publishableKey) {
    return (
      <Suspense fallback={<Preparing />}>
        {checkout.publishableKey.startsWith('pk_test_') && (
          <p role="note" className="mb-4 rounded-xl border-2 border-dashed border-amber-500 bg-amber-50 p-3 text-sm text-amber-950">
            <span className="font-bold">Stripe test mode</span> — no real charge. Use card <span className="font-mono">4242 4242 4242 4242</span>.
          </p>
        )}
        <StripeCardForm
          publishableKey={checkout.publishableKey}
          clientSecret={checkout.clientSecret}
          amountLabel={amountLabel}
          busy={busy}
          onPaid={onPaid}
          onFailed={onFailed}
        />
      </Suspense>
    );
  }
  return <TestCardForm clientSecret={checkout.clientSecret} amountLabel={amountLabel} busy={busy} onPaid={onPaid} onFailed={onFailed} />;
}
