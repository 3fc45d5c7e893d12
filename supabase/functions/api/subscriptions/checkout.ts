// Subscribe flow: create a checkout with the provider (the server holds it, with a bcrypt hash of the
// chosen password), then settle it once the provider confirms the payment — from the browser's
// completion or from the webhook, whichever comes first (checkout-settle.ts, decision 070). A declined card
// leaves no account. The route parses the body (and checks a new password's strength) before these run.
import type { PlanId } from '../../_shared/constants.ts';
import type { CompleteSubscriptionAnswer, CreateSubscriptionAnswer } from '../../_shared/contract/subscriptions.ts';
import type { Services } from '../services.ts';
import type { Query } from '../db/database.ts';
import { hashPassword, verifyPassword, checkCityAndCharity, USER_EXISTS_MESSAGE, loadSessionUser } from '../auth/index.ts';
import { OWES_RENEWAL_MESSAGE, owesRenewal } from './billing.ts';
import { DomainError } from '../domain-error.ts';
import { providerCall } from './provider-call.ts';
import { assertRegistrationAllowed, checkPasswordLimited, countAccountAttempt, countRegistration } from '../limits/index.ts';
import {
  ALREADY_MEMBER_MESSAGE, checkoutByPaymentIntent, hasCurrentMembership, purgeExpiredCheckouts, settleCheckout,
  type CheckoutRow,
} from './checkout-settle.ts';

/** What these operations use of the request's services (services.ts). */
type Used = Pick<Services, 'tx' | 'db' | 'config' | 'payments' | 'siteUrl' | 'user' | 'ip'>;

const ACTIVATED_MESSAGE = 'Your membership is active. Welcome to Pay Local!';
const SIGN_IN_MESSAGE = 'Your membership is active. Sign in with the email and password you chose.';
const PROCESSING_MESSAGE =
  'Your payment is processing. Your membership starts as soon as it clears; then sign in with the email and password you chose.';

/** A checkout request, parsed by the route: a signed-in member's upgrade, or a visitor's new account. */
export type CheckoutRequest =
  | { kind: 'upgrade'; plan: PlanId }
  | {
    kind: 'new-account'; plan: PlanId; email: string; name: string; password: string;
    homeCityId?: string | null; preferredCharityId?: string | null;
  };

export async function createCheckout(s: Used, input: CheckoutRequest): Promise<CreateSubscriptionAnswer> {
  const { payments } = s;
  const user = s.user;
  let customer: { email: string; name: string };
  let passwordHash: string | null = null;
  const plan = input.plan;
  let account: { homeCityId: string | null; charityId: string | null } = { homeCityId: null, charityId: null };

  if (user) {
    // The upgrade path: always the session's own account (a customer's: the route checked), whatever the body says.
    customer = await s.tx.asService(async (q) => {
      if (await hasCurrentMembership(q, user.id)) throw new DomainError('conflict', ALREADY_MEMBER_MESSAGE);
      // A renewal waiting for payment is paid by a card update, not a second subscription (decision 171).
      if (await owesRenewal(q, user.id)) throw new DomainError('conflict', OWES_RENEWAL_MESSAGE);
      const [profile] = await q<{ email: string; name: string }>(`select email, name from public.profiles where id = $1`, [user.id]);
      return profile;
    });
  } else {
    if (input.kind !== 'new-account') throw new DomainError('invalid', 'email is required');
    account = { homeCityId: input.homeCityId ?? null, charityId: input.preferredCharityId ?? null };
    customer = { email: input.email, name: input.name };
    const ip = s.ip;
    await countAccountAttempt(s, 'subscribe', { ip, account: input.email }); // decision 175
    await s.tx.asService(async (q) => {
      await assertRegistrationAllowed(s, q, ip);
      const [existing] = await q(`select 1 from public.profiles where email = $1`, [input.email]);
      if (existing) throw new DomainError('conflict', USER_EXISTS_MESSAGE);
      await checkCityAndCharity(q, account.homeCityId, account.charityId);
      await countRegistration(s, q, ip);
    });
    // Held by the server from now on, so the webhook can create the account if the browser never returns.
    passwordHash = await hashPassword(input.password, s.config.bcryptRounds);
  }

  const started = await providerCall(() => payments.startCheckout({
    plan, email: customer.email, name: customer.name,
    metadata: { app: 'paylocal', plan, ...(user ? { userId: user.id } : {}) },
  }));
  await s.tx.asService(async (q) => {
    await purgeExpiredCheckouts(q);
    await q(
      `insert into private.checkouts
         (provider, payment_intent_id, customer_id, provider_subscription_id, invoice_id, plan, amount_cents, currency,
          email, name, password_hash, home_city_id, preferred_charity_id, upgrade_user_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
      [payments.kind, started.paymentIntentId, started.customerId, started.subscriptionId, started.invoiceId, plan,
        started.amountCents, started.currency, customer.email, user ? null : customer.name, passwordHash,
        account.homeCityId, account.charityId, user?.id ?? null],
    );
  });
  return {
    provider: payments.kind,
    publishableKey: payments.publishableKey,
    clientSecret: started.clientSecret,
    paymentIntentId: started.paymentIntentId,
    customerId: started.customerId,
    subscriptionId: started.subscriptionId,
    plan,
    amountCents: started.amountCents,
    currency: started.currency,
    isUpgrade: Boolean(user),
    existingUserId: user?.id ?? null,
    customer: { id: started.customerId, ...customer },
  };
}

const sessionUserOf = (s: Used, id: string) =>
  s.db.transaction({ role: 'authenticated', sub: id }, loadSessionUser);

export interface CompletionInput {
  email?: string;
  name?: string;
  password?: string;
  paymentIntentId: string;
  customerId: string;
  plan?: PlanId;
}

/** What the completion needs done in HTTP terms, supplied by the route. */
export interface CompletionHooks {
  /** Checks a password chosen now (a checkout started before the server held its hash); throws if it is refused. */
  acceptNewPassword(password: string): void;
  /** Signs this browser in as the account (the session row and its cookie), in the given service_role transaction. */
  startSession(q: Query, userId: string): Promise<void>;
}

/**
 * The browser's completion (after Stripe.js confirmed the card, after a 3-D Secure redirect, or
 * after the test card form). Settles the checkout if the webhook has not already; signs in when the
 * caller proves the password chosen at checkout (or is the signed-in upgrader).
 */
export async function completeCheckout(
  s: Used, input: CompletionInput, http: CompletionHooks,
): Promise<CompletionResult> {
  const sessionUserId = s.user?.id ?? null;
  let checkout = await checkoutByPaymentIntent(s, input.paymentIntentId);
  if (!checkout) throw new DomainError('not-found', 'No subscription checkout was started for this payment. Please start again.');
  if (checkout.customer_id !== input.customerId) throw new DomainError('invalid', 'customerId does not match this payment');
  if (input.plan && input.plan !== checkout.plan) throw new DomainError('invalid', 'plan does not match this payment');

  // Upgrade: only the account that started the checkout, signed in now (existingUserId is never trusted).
  let password: string | null = null;
  if (checkout.upgrade_user_id) {
    if (sessionUserId !== checkout.upgrade_user_id) throw new DomainError('forbidden', 'Sign in to the account that started this payment.');
  } else {
    if (input.email && input.email !== checkout.email) throw new DomainError('invalid', 'email does not match this payment');
    password = input.password ? input.password : null;
    if (!checkout.completed_user_id && password) {
      if (checkout.password_hash) {
        if (!(await passwordHolds(s, checkout.email, password, checkout.password_hash))) {
          throw new DomainError('invalid', 'password does not match this payment');
        }
      } else {
        // A checkout started before the server held the hash: the completion's password is the one
        // (checked by the route's rules: the contract's and the common-password list's).
        http.acceptNewPassword(password);
        const hash = await hashPassword(password, s.config.bcryptRounds);
        const id = checkout.id;
        await s.tx.asService((q) => q(`update private.checkouts set password_hash = $2 where id = $1 and password_hash is null`, [id, hash]));
        checkout = { ...checkout, password_hash: hash };
      }
    }
  }

  if (checkout.completed_user_id) return replayedCompletion(s, http, checkout, password);

  const settled = await settleCheckout(s, checkout);
  if (settled.state === 'processing') {
    return { status: 202, body: { success: false, status: 'processing', message: PROCESSING_MESSAGE, user: null } };
  }
  if (settled.state === 'unpaid') throw new DomainError('payment-declined', settled.message);
  if (!settled.createdNow) return replayedCompletion(s, http, { ...checkout, completed_user_id: settled.userId }, password);
  return signedInAnswer(s, http, settled.userId, checkout.upgrade_user_id !== null || password !== null);
}

/** A password check of the account the checkout is for: the same limits as signing in (decision 085). */
const passwordHolds = (s: Used, email: string, password: string, hash: string | null): Promise<boolean> =>
  checkPasswordLimited(s, email, () => verifyPassword(password, hash));

export interface CompletionResult {
  status: 200 | 202;
  body: CompleteSubscriptionAnswer;
}

async function signedInAnswer(s: Used, http: CompletionHooks, userId: string, proven: boolean): Promise<CompletionResult> {
  if (!proven) return { status: 200, body: { success: true, status: 'active', message: SIGN_IN_MESSAGE, user: null } };
  if (s.user?.id !== userId) await s.tx.asService((q) => http.startSession(q, userId));
  return { status: 200, body: { success: true, status: 'active', message: ACTIVATED_MESSAGE, user: await sessionUserOf(s, userId) } };
}

/**
 * A completion that already happened (by the webhook or an earlier call) creates nothing again. The
 * owner (signed in, or proving the password of the account) is signed in; a caller with no password
 * is told to sign in; a wrong password is refused.
 */
async function replayedCompletion(
  s: Used, http: CompletionHooks, checkout: CheckoutRow, password: string | null,
): Promise<CompletionResult> {
  const ownerId = checkout.completed_user_id!;
  if (s.user?.id === ownerId) return signedInAnswer(s, http, ownerId, true);
  if (checkout.upgrade_user_id) throw new DomainError('conflict', 'This payment has already been used. Please log in.');
  if (password === null) return signedInAnswer(s, http, ownerId, false);
  const [cred] = await s.tx.asService((q) =>
    q<{ password_hash: string }>(`select password_hash from private.credentials where user_id = $1`, [ownerId]));
  if (await passwordHolds(s, checkout.email, password, cred?.password_hash ?? null)) return signedInAnswer(s, http, ownerId, true);
  throw new DomainError('conflict', 'This payment has already been used. Please log in.');
}
