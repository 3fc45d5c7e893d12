import { ButtonLink, buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { shortDate } from '@/lib/dates';
import { useSubscriptionDetails } from '@/lib/subscription/get-subscription-details';

/**
 * A failed renewal, on /app and /profile (decision 171): while past_due the member keeps access until the
 * grace end and is asked to update the card, or to confirm the payment with the bank (3-D Secure, on the
 * invoice's hosted page); once unpaid, access has ended and the same card update pays it.
 */
export function PaymentProblemBanner() {
  const details = useSubscriptionDetails();
  const d = details.data;
  if (!d || (d.status !== 'past_due' && d.status !== 'unpaid')) return null;
  const graceEnd = d.graceEndsAt ? shortDate(d.graceEndsAt) : null;
  const title = d.status === 'unpaid'
    ? 'Your membership is on hold: the renewal was not paid'
    : d.paymentActionUrl ? 'Your bank needs you to confirm your renewal' : 'Your renewal payment failed';
  return (
    <section role="alert" aria-label="Payment problem" className="rounded-2xl border border-red-300 bg-red-50 p-4 text-red-950 sm:p-5">
      <h2 className="font-semibold">{title}</h2>
      <p className="mt-1 text-sm">
        {d.status === 'unpaid'
          ? 'Your member deals are hidden until the payment goes through. Update your card and we charge it at once.'
          : `You keep your member deals${graceEnd ? ` until ${graceEnd}` : ''} while we try again.`}
        {d.paymentError ? ` ${d.paymentError}` : ''}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {d.paymentActionUrl && (
          <a href={d.paymentActionUrl} className={buttonClasses('primary', 'sm')}>Confirm payment</a>
        )}
        <ButtonLink to={`${paths.profile}#billing`} variant={d.paymentActionUrl ? 'outline' : 'primary'} size="sm">Update card</ButtonLink>
      </div>
    </section>
  );
}
