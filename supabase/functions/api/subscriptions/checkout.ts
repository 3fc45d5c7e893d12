// Subscribe flow: create a checkout with the provider (the server holds it, with a bcrypt hash of the
// chosen password), then settle it once the provider confirms the payment — from the browser's
// completion or from the webhook, whichever comes first (settleCheckout below, decision 070). A declined card
// leaves no account. The route parses the body (and checks a new password's strength) before these run.
import type { PlanId } from '../../_shared/constants.ts';
import type { CompleteSubscriptionAnswer, CreateSubscriptionAnswer } from '../../_shared/contract/subscriptions.ts';
import type { Services } from '../services.ts';
import type { Query } from '../db/database.ts';
import { hashPassword, verifyPassword, checkCityAndCharity, USER_EXISTS_MESSAGE, loadSessionUser, sendVerificationMail } from '../auth/index.ts';
import { OWES_RENEWAL_MESSAGE, owesRenewal } from './billing.ts';
import { DomainError, type DomainErrorKind } from '../domain-error.ts';
import { providerCall } from './provider-call.ts';
import { assertRegistrationAllowed, checkPasswordLimited, countAccountAttempt, countRegistration } from '../limits/index.ts';
import { recordPayment, upsertSubscription } from './subscription-records.ts';
import { holdCheckoutReferral, recordReferral, referrerOf } from './referrals.ts';
import { fieldMessage } from '../../_shared/contract/field-labels.ts';

/** What these operations use of the request's services (services.ts). */
type Used = Pick<Services, 'tx' | 'db' | 'config' | 'payments' | 'siteUrl' | 'user' | 'ip'>;

const ACTIVATED_MESSAGE = 'Your membership is active. Welcome to Pay Local!';
const SIGN_IN_MESSAGE = 'Your membership is active. Sign in with the email and password you chose.';
const PROCESSING_MESSAGE =
  'Your payment is processing. Your membership starts as soon as it clears; then sign in with the email and password you chose.';

/** A checkout request, parsed by the route: a signed-in member's upgrade, or a visitor's new account. */
export type CheckoutRequest =
  | { kind: 'upgrade'; plan: PlanId; referralCode?: string }
  | {
    kind: 'new-account'; plan: PlanId; email: string; name: string; password: string;
    homeCityId?: string | null; preferredCharityId?: string | null; referralCode?: string;
  };

export async function createCheckout(s: Used, input: CheckoutRequest): Promise<CreateSubscriptionAnswer> {
  const { payments } = s;
  const user = s.user;
  let customer: { email: string; name: string };
  let passwordHash: string | null = null;
  const plan = input.plan;
  let account: { homeCityId: string | null; charityId: string | null } = { homeCityId: null, charityId: null };
  // An invite code (decision 200) is checked before anything else is started: an unknown one is the person's to fix.
  const referrerId = input.referralCode
    ? await s.tx.asService((q) => referrerOf(q, input.referralCode!, user?.id ?? null))
    : null;

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
    if (input.kind !== 'new-account') throw new DomainError('invalid', fieldMessage('email', 'is required'));
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
    const [held] = await q<{ id: string }>(
      `insert into private.checkouts
         (provider, payment_intent_id, customer_id, provider_subscription_id, invoice_id, plan, amount_cents, currency,
          email, name, password_hash, home_city_id, preferred_charity_id, upgrade_user_id)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) returning id`,
      [payments.kind, started.paymentIntentId, started.customerId, started.subscriptionId, started.invoiceId, plan,
        started.amountCents, started.currency, customer.email, user ? null : customer.name, passwordHash,
        account.homeCityId, account.charityId, user?.id ?? null],
    );
    if (referrerId) await holdCheckoutReferral(q, held!.id, referrerId);
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
  if (checkout.customer_id !== input.customerId) throw new DomainError('invalid', fieldMessage('customerId', 'does not match this payment'));
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

// ---------------------------------------------------------------- settling a paid checkout
// The one domain step that turns a paid checkout into an account, a membership and a payment row
// (decision 070). Called by whichever comes first: Stripe's invoice.paid webhook, the browser's
// /complete-subscription, or the built-in test provider's card confirmation. The provider, never
// the caller, says whether the payment succeeded; the checkout row lock and the unique keys on
// payments make every later caller find it done.

/** What settling uses of the request's services (services.ts): the webhook has no caller. */
type SettleUsed = Pick<Services, 'tx' | 'payments' | 'siteUrl'>;

export const ALREADY_MEMBER_MESSAGE = 'You already have an active membership.';

export interface CheckoutRow {
  id: string;
  provider: 'test' | 'stripe';
  payment_intent_id: string;
  customer_id: string;
  provider_subscription_id: string;
  invoice_id: string | null;
  plan: PlanId;
  amount_cents: number;
  currency: string;
  email: string;
  name: string | null;
  password_hash: string | null;
  home_city_id: string | null;
  preferred_charity_id: string | null;
  upgrade_user_id: string | null;
  completed_user_id: string | null;
}

export type Settlement =
  | { state: 'completed'; userId: string; createdNow: boolean }
  | { state: 'processing' }
  | { state: 'unpaid'; message: string };

export const checkoutByPaymentIntent = async (s: SettleUsed, paymentIntentId: string) =>
  (await s.tx.asService((q) => q<CheckoutRow>(`select * from private.checkouts where payment_intent_id = $1`, [paymentIntentId])))[0] ?? null;

export const checkoutBySubscription = async (s: SettleUsed, providerSubscriptionId: string) =>
  (await s.tx.asService((q) => q<CheckoutRow>(
    `select * from private.checkouts where provider_subscription_id = $1`, [providerSubscriptionId])))[0] ?? null;

/** True when the user holds a membership that is running or paused (not ended). */
export const hasCurrentMembership = async (q: Query, userId: string) => {
  const [row] = await q<{ yes: boolean }>(
    `select exists (select 1 from public.subscriptions
                     where user_id = $1 and status in ('active', 'paused') and current_period_end > now()) as yes`,
    [userId],
  );
  return row.yes;
};

/**
 * Settles a checkout: asks the provider whether its payment succeeded and, if so, creates the
 * account (visitor checkouts, with the password hash held since create-subscription), the
 * membership and the first payment, once. Throws a DomainError when the payment does not fit the
 * checkout or the account cannot be created (email taken meanwhile, already a member).
 */
export async function settleCheckout(s: SettleUsed, checkout: CheckoutRow): Promise<Settlement> {
  if (checkout.completed_user_id) return { state: 'completed', userId: checkout.completed_user_id, createdNow: false };
  const { payments } = s;
  const payment = await providerCall(() => payments.retrievePayment(checkout.payment_intent_id));
  if (payment.status === 'processing') return { state: 'processing' };
  if (payment.status !== 'succeeded') {
    return { state: 'unpaid', message: payment.failureMessage ?? 'The payment has not been completed.' };
  }
  if (payment.amountCents !== checkout.amount_cents || (payment.customerId && payment.customerId !== checkout.customer_id)) {
    throw new DomainError('invalid', 'The payment does not match this subscription.');
  }
  const subscription = await providerCall(() => payments.retrieveSubscription(checkout.provider_subscription_id));
  if (subscription.status === 'canceled') throw new DomainError('conflict', 'This subscription was cancelled by the payment provider.');

  return s.tx.asService(async (q): Promise<Settlement> => {
    // The lock: a second caller waits here, then sees the first one's completed_user_id.
    const [locked] = await q<CheckoutRow>(`select * from private.checkouts where id = $1 for update`, [checkout.id]);
    if (locked.completed_user_id) return { state: 'completed', userId: locked.completed_user_id, createdNow: false };

    let userId: string;
    if (locked.upgrade_user_id) {
      userId = locked.upgrade_user_id;
      if (await hasCurrentMembership(q, userId)) throw new DomainError('conflict', ALREADY_MEMBER_MESSAGE);
    } else {
      if (!locked.password_hash) throw new DomainError('invalid', fieldMessage('password', 'is required to finish this checkout'));
      const [existing] = await q(`select 1 from public.profiles where email = $1`, [locked.email]);
      if (existing) throw new DomainError('conflict', USER_EXISTS_MESSAGE);
      const [profile] = await q<{ id: string }>(
        `insert into public.profiles (email, name, role, home_city_id, preferred_charity_id)
         values ($1, $2, 'USER', $3, $4) returning id`,
        [locked.email, locked.name ?? locked.email.split('@')[0], locked.home_city_id, locked.preferred_charity_id],
      );
      userId = profile.id;
      await q(`insert into private.credentials (user_id, password_hash) values ($1, $2)`, [userId, locked.password_hash]);
      await sendVerificationMail(s.siteUrl, q, { userId, email: locked.email, name: locked.name ?? locked.email.split('@')[0] });
    }
    // Rows whose time ran out are ended now, so the latest row is always the one that counts.
    await q(
      `update public.subscriptions set status = 'canceled', canceled_at = coalesce(canceled_at, now()), updated_at = now()
        where user_id = $1 and status in ('active', 'past_due') and current_period_end <= now()`,
      [userId],
    );
    const subscriptionRowId = await upsertSubscription(q, { userId, plan: locked.plan, provider: locked.provider, subscription });
    await recordPayment(q, {
      userId, subscriptionRowId, provider: locked.provider,
      invoiceId: locked.invoice_id ?? locked.payment_intent_id,
      paymentIntentId: locked.payment_intent_id,
      amountCents: payment.amountCents, currency: payment.currency, receiptSiteUrl: s.siteUrl,
    });
    await recordReferral(q, {
      checkoutId: locked.id, userId, invoiceId: locked.invoice_id ?? locked.payment_intent_id, cardFingerprint: payment.cardFingerprint ?? null,
    });
    // The hash now lives in private.credentials; the checkout keeps no copy.
    await q(
      `update private.checkouts set completed_user_id = $2, completed_at = now(), password_hash = null where id = $1`,
      [locked.id, userId],
    );
    return { state: 'completed', userId, createdNow: true };
  }).catch((error: { code?: string }) => {
    if (error.code === '23505') throw new DomainError('conflict', USER_EXISTS_MESSAGE);
    throw error;
  });
}

/** Deletes uncompleted checkouts past their expiry (called when a new checkout starts). */
export const purgeExpiredCheckouts = (q: Query) =>
  q(`delete from private.checkouts where completed_user_id is null and expires_at < now()`);

/** Refusals that are not the checkout's fault (the provider failing, no capacity now): thrown, so the webhook is retried. */
const RETRIED: ReadonlySet<DomainErrorKind> = new Set(['provider-failed', 'busy']);

/**
 * The server-side settlement (Stripe's invoice.paid webhook; the test provider's card confirmation):
 * settles the checkout behind a payment intent or a provider subscription, if there is one still
 * open. A checkout that cannot become an account (email taken meanwhile, already a member) is
 * logged for support, not retried: the answer is an outcome, never an error that would wedge the
 * webhook. Provider failures are thrown (the webhook answers 5xx and Stripe retries).
 */
export async function settleFromProvider(
  s: SettleUsed, by: { paymentIntentId: string } | { subscriptionId: string },
): Promise<'no-checkout' | 'already-completed' | 'account-created' | 'processing' | 'unpaid' | 'refused'> {
  const checkout = 'paymentIntentId' in by
    ? await checkoutByPaymentIntent(s, by.paymentIntentId)
    : await checkoutBySubscription(s, by.subscriptionId);
  if (!checkout) return 'no-checkout';
  if (checkout.completed_user_id) return 'already-completed';
  try {
    const settled = await settleCheckout(s, checkout);
    if (settled.state !== 'completed') return settled.state;
    return settled.createdNow ? 'account-created' : 'already-completed';
  } catch (error) {
    if (!(error instanceof DomainError) || RETRIED.has(error.kind)) throw error;
    console.error(`Paid checkout ${checkout.id} could not be settled (${error.kind}): ${error.message}`);
    return 'refused';
  }
}
