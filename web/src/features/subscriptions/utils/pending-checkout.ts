import type { PlanId } from '@shared/constants.ts';

/**
 * What the page needs to finish a checkout after Stripe's 3-D Secure redirect reloads it: the
 * payment's ids and plan. Never the password (the server holds its hash since create-subscription).
 */
export interface PendingCheckout {
  paymentIntentId: string;
  customerId: string;
  plan: PlanId;
}

const KEY = 'paylocal.pendingCheckout';

export function rememberPendingCheckout(checkout: PendingCheckout) {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(checkout));
  } catch {
    // Storage refused (private mode): the webhook still creates the account; the member signs in.
  }
}

export function forgetPendingCheckout() {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to forget
  }
}

/** The remembered checkout for the payment Stripe redirected back with. */
export function readPendingCheckout(paymentIntentId: string): PendingCheckout | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    const saved = raw ? (JSON.parse(raw) as PendingCheckout) : null;
    return saved?.paymentIntentId === paymentIntentId ? saved : null;
  } catch {
    return null;
  }
}

/** Stripe's return_url query after a redirect: ?payment_intent=…&payment_intent_client_secret=…&redirect_status=… */
export function redirectReturn(search: URLSearchParams): { paymentIntentId: string; redirectStatus: string | null } | null {
  const paymentIntentId = search.get('payment_intent');
  return paymentIntentId ? { paymentIntentId, redirectStatus: search.get('redirect_status') } : null;
}
