// Subscribe flow: create a checkout with the provider, then complete it once the provider confirms
// the payment. A visitor's account is created only at completion, so a declined card leaves none.
import type { PlanId } from '../../../_shared/constants.ts';
import {
  createSubscriptionBody, newAccountFields, upgradeSubscriptionBody,
  type CompleteSubscriptionAnswer, type CreateSubscriptionAnswer,
} from '../../../_shared/contract/subscriptions.ts';
import { type AppContext, serviceTx, userTx } from '../../context.ts';
import type { Query } from '../../db/database.ts';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../lib/http-error.ts';
import { hashPassword, verifyPassword } from '../../lib/password.ts';
import { parse } from '../../lib/validate.ts';
import { USER_EXISTS_MESSAGE } from '../auth/index.ts';
import { assertRegistrationAllowed, clientIp, recordAttempt } from '../auth/rate-limit.ts';
import { startSession } from '../auth/session-cookie.ts';
import { loadSessionUser } from '../auth/session-user.ts';
import { providerCall } from './provider-call.ts';
import { recordPayment, upsertSubscription } from './records.ts';

const ALREADY_MEMBER_MESSAGE = 'You already have an active membership.';
const ACTIVATED_MESSAGE = 'Your membership is active. Welcome to Pay Local!';

interface CheckoutRow {
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
  home_city_id: string | null;
  preferred_charity_id: string | null;
  upgrade_user_id: string | null;
  completed_user_id: string | null;
}

/** True when the user holds a membership that is running or paused (not ended). */
const hasCurrentMembership = async (q: Query, userId: string) => {
  const [row] = await q<{ yes: boolean }>(
    `select exists (select 1 from public.subscriptions
                     where user_id = $1 and status in ('active', 'paused') and current_period_end > now()) as yes`,
    [userId],
  );
  return row.yes;
};

async function checkCityAndCharity(q: Query, cityId: string | null, charityId: string | null) {
  if (cityId) {
    const [city] = await q(`select 1 from public.cities where id = $1 and active`, [cityId]);
    if (!city) throw badRequest('homeCityId is not an available city');
  }
  if (charityId) {
    if (!cityId) throw badRequest('preferredCharityId needs a homeCityId');
    const [charity] = await q(`select 1 from public.charities where id = $1 and city_id = $2`, [charityId, cityId]);
    if (!charity) throw badRequest('preferredCharityId is not a charity of that city');
  }
}

export async function createCheckout(c: AppContext, body: unknown): Promise<CreateSubscriptionAnswer> {
  const { payments } = c.var.deps;
  const user = c.var.user;
  let customer: { email: string; name: string };
  let plan: PlanId;
  let account: { homeCityId: string | null; charityId: string | null } = { homeCityId: null, charityId: null };

  if (user) {
    // The upgrade path: always the session's own account, whatever the body says.
    if (user.role !== 'USER') throw forbidden('Only customer accounts can subscribe.');
    ({ plan } = parse(upgradeSubscriptionBody, body));
    customer = await serviceTx(c, async (q) => {
      if (await hasCurrentMembership(q, user.id)) throw conflict(ALREADY_MEMBER_MESSAGE);
      const [profile] = await q<{ email: string; name: string }>(`select email, name from public.profiles where id = $1`, [user.id]);
      return profile;
    });
  } else {
    const input = parse(createSubscriptionBody, body);
    plan = input.plan;
    account = { homeCityId: input.homeCityId ?? null, charityId: input.preferredCharityId ?? null };
    customer = { email: input.email, name: input.name };
    const ip = clientIp(c);
    await serviceTx(c, async (q) => {
      await assertRegistrationAllowed(c, q, ip);
      const [existing] = await q(`select 1 from public.profiles where email = $1`, [input.email]);
      if (existing) throw conflict(USER_EXISTS_MESSAGE);
      await checkCityAndCharity(q, account.homeCityId, account.charityId);
      await recordAttempt(q, 'register', input.email, ip);
    });
  }

  const started = await providerCall(() => payments.startCheckout({
    plan, email: customer.email, name: customer.name,
    metadata: { app: 'paylocal', plan, ...(user ? { userId: user.id } : {}) },
  }));
  await serviceTx(c, (q) => q(
    `insert into private.checkouts
       (provider, payment_intent_id, customer_id, provider_subscription_id, invoice_id, plan, amount_cents, currency,
        email, home_city_id, preferred_charity_id, upgrade_user_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [payments.kind, started.paymentIntentId, started.customerId, started.subscriptionId, started.invoiceId, plan,
      started.amountCents, started.currency, customer.email, account.homeCityId, account.charityId, user?.id ?? null],
  ));
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

const sessionUserOf = (c: AppContext, id: string) =>
  c.var.deps.db.transaction({ role: 'authenticated', sub: id }, loadSessionUser);

export interface CompletionInput {
  email?: string;
  name?: string;
  password?: string;
  paymentIntentId: string;
  customerId: string;
  plan?: PlanId;
}

export async function completeCheckout(c: AppContext, input: CompletionInput): Promise<CompleteSubscriptionAnswer> {
  const { payments, config } = c.var.deps;
  const sessionUserId = c.var.user?.id ?? null;
  const [checkout] = await serviceTx(c, (q) =>
    q<CheckoutRow>(`select * from private.checkouts where payment_intent_id = $1`, [input.paymentIntentId]));
  if (!checkout) throw notFound('No subscription checkout was started for this payment. Please start again.');
  if (checkout.customer_id !== input.customerId) throw badRequest('customerId does not match this payment');
  if (input.plan && input.plan !== checkout.plan) throw badRequest('plan does not match this payment');

  // Upgrade: only the account that started the checkout, signed in now (existingUserId is never trusted).
  let newAccount: { email: string; name: string; password: string } | null = null;
  if (checkout.upgrade_user_id) {
    if (sessionUserId !== checkout.upgrade_user_id) throw forbidden('Sign in to the account that started this payment.');
  } else {
    newAccount = parse(newAccountFields, input);
    if (newAccount.email !== checkout.email) throw badRequest('email does not match this payment');
  }

  if (checkout.completed_user_id) return replayedCompletion(c, checkout, newAccount);

  // The provider, not the browser, says whether the payment succeeded.
  const payment = await providerCall(() => payments.retrievePayment(checkout.payment_intent_id));
  if (payment.status !== 'succeeded') {
    throw new HttpError(402, payment.failureMessage ?? 'The payment has not been completed.');
  }
  if (payment.amountCents !== checkout.amount_cents || (payment.customerId && payment.customerId !== checkout.customer_id)) {
    throw badRequest('The payment does not match this subscription.');
  }
  const subscription = await providerCall(() => payments.retrieveSubscription(checkout.provider_subscription_id));
  if (subscription.status === 'canceled') throw conflict('This subscription was cancelled by the payment provider.');
  const passwordHash = newAccount ? await hashPassword(newAccount.password, config.bcryptRounds) : null;

  const outcome = await serviceTx(c, async (q) => {
    const [locked] = await q<{ completed_user_id: string | null }>(
      `select completed_user_id from private.checkouts where id = $1 for update`, [checkout.id]);
    if (locked.completed_user_id) return { replay: true as const };

    let userId: string;
    if (newAccount) {
      const [existing] = await q(`select 1 from public.profiles where email = $1`, [newAccount.email]);
      if (existing) throw conflict(USER_EXISTS_MESSAGE);
      const [profile] = await q<{ id: string }>(
        `insert into public.profiles (email, name, role, home_city_id, preferred_charity_id)
         values ($1, $2, 'USER', $3, $4) returning id`,
        [newAccount.email, newAccount.name, checkout.home_city_id, checkout.preferred_charity_id],
      );
      userId = profile.id;
      await q(`insert into private.credentials (user_id, password_hash) values ($1, $2)`, [userId, passwordHash]);
    } else {
      userId = checkout.upgrade_user_id!;
      if (await hasCurrentMembership(q, userId)) throw conflict(ALREADY_MEMBER_MESSAGE);
    }
    // Rows whose time ran out are ended now, so the latest row is always the one that counts.
    await q(
      `update public.subscriptions set status = 'canceled', canceled_at = coalesce(canceled_at, now()), updated_at = now()
        where user_id = $1 and status in ('active', 'past_due') and current_period_end <= now()`,
      [userId],
    );
    const subscriptionRowId = await upsertSubscription(q, { userId, plan: checkout.plan, provider: checkout.provider, subscription });
    await recordPayment(q, {
      userId, subscriptionRowId, provider: checkout.provider,
      invoiceId: checkout.invoice_id ?? checkout.payment_intent_id,
      paymentIntentId: checkout.payment_intent_id,
      amountCents: payment.amountCents, currency: payment.currency,
    });
    await q(`update private.checkouts set completed_user_id = $2, completed_at = now() where id = $1`, [checkout.id, userId]);
    if (newAccount) await startSession(c, q, userId);
    return { replay: false as const, userId };
  }).catch((error: { code?: string }) => {
    if (error.code === '23505') throw conflict(USER_EXISTS_MESSAGE);
    throw error;
  });

  if (outcome.replay) {
    const [fresh] = await serviceTx(c, (q) => q<CheckoutRow>(`select * from private.checkouts where id = $1`, [checkout.id]));
    return replayedCompletion(c, fresh, newAccount);
  }
  return { success: true, message: ACTIVATED_MESSAGE, user: await sessionUserOf(c, outcome.userId) };
}

/**
 * A completion that already happened creates nothing again. The owner (signed in, or proving the
 * password of the account it created) gets the same success; anyone else is refused.
 */
async function replayedCompletion(
  c: AppContext, checkout: CheckoutRow, newAccount: { password: string } | null,
): Promise<CompleteSubscriptionAnswer> {
  const ownerId = checkout.completed_user_id!;
  if (c.var.user?.id === ownerId) {
    return { success: true, message: ACTIVATED_MESSAGE, user: await sessionUserOf(c, ownerId) };
  }
  if (newAccount) {
    const [cred] = await serviceTx(c, (q) =>
      q<{ password_hash: string }>(`select password_hash from private.credentials where user_id = $1`, [ownerId]));
    if (await verifyPassword(newAccount.password, cred?.password_hash ?? null)) {
      await serviceTx(c, (q) => startSession(c, q, ownerId));
      return { success: true, message: ACTIVATED_MESSAGE, user: await sessionUserOf(c, ownerId) };
    }
  }
  throw conflict('This payment has already been used. Please log in.');
}


/** Reads as the signed-in user: their subscription state and what their payments gave to charity. */
export async function subscriptionDetailsOf(c: AppContext) {
  return userTx(c, async (q) => {
    const [row] = await q<{
      plan: PlanId | null; status: string; is_active: boolean; current_period_end: Date | string | null;
      cancel_at_period_end: boolean | null; given: number; charity_name: string | null;
    }>(
      `with me as (select (select auth.uid()) as id),
            latest as (
              select s.plan, s.current_period_end, s.cancel_at_period_end
                from public.subscriptions s, me where s.user_id = me.id
               order by s.created_at desc, s.id desc limit 1)
       select l.plan, l.current_period_end, l.cancel_at_period_end,
              private.subscription_status_of(me.id) as status,
              private.has_active_subscription(me.id) as is_active,
              (select coalesce(sum(p.charity_share_cents), 0)::int from public.payments p where p.user_id = me.id) as given,
              coalesce(
                (select ch.name from public.payments p join public.charities ch on ch.id = p.charity_id
                  where p.user_id = me.id order by p.paid_at desc limit 1),
                (select ch.name from public.profiles pr
                   join public.charities ch on ch.id = coalesce(pr.preferred_charity_id,
                     (select d.id from public.charities d where d.city_id = pr.home_city_id and d.is_default
                       order by d.created_at, d.id limit 1))
                  where pr.id = me.id)
              ) as charity_name
         from me left join latest l on true`,
    );
    return row;
  });
}
