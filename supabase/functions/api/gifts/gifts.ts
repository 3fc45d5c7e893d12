// Gift memberships (decision 201): bought by anyone for an email address and paid once (a one-off payment, not a
// subscription); the payment is recorded in public.payments, so its charity share is booked by the same trigger as
// every payment and reversed by the same private.record_refund. Sent on its date by the scheduled job, once;
// redeemed once onto a customer account (private.redeem_gift), whose gifted period private.has_active_subscription
// reads. Never renewed.
import { CHARITY_SHARE_BPS } from '../../_shared/constants.ts';
import {
  type BuyGiftAnswer, type BuyGiftInput, type CompleteGiftAnswer, GIFT_DELIVERY_MAX_DAYS, type GiftForRecipient, type GiftMonths,
  type GiftState, type GiftSummary, giftPriceCents, type RedeemGiftAnswer,
} from '../../_shared/contract/gifts.ts';
import { isoDay } from '../../_shared/iso-dates.ts';
import { randomToken, sha256Hex } from '../../_shared/tokens.ts';
import { serviceClaims, type Query } from '../db/database.ts';
import { DomainError } from '../domain-error.ts';
import { enqueueMail, giftDeliveryMail, giftReceiptMail } from '../mail/index.ts';
import type { Services } from '../services.ts';
import { providerCall, recordRefund } from '../subscriptions/index.ts';
import { everyInterval, type JobRuns } from '../system/index.ts';
import { fieldLabel, fieldMessage } from '../../_shared/contract/field-labels.ts';

interface GiftRow {
  id: string; months: GiftMonths; amount_cents: number; currency: string; buyer_user_id: string | null; buyer_email: string;
  buyer_name: string; recipient_email: string; message: string | null; deliver_on: string; provider: 'test' | 'stripe';
  payment_intent_id: string; payment_id: string | null; paid_at: Date | null; delivered_at: Date | null;
  redeemed_at: Date | string | null; refunded_at: Date | null;
}

const GIFT_COLUMNS = `id, months, amount_cents, currency, buyer_user_id, buyer_email, buyer_name, recipient_email, message,
  to_char(deliver_on, 'YYYY-MM-DD') as deliver_on, provider, payment_intent_id, payment_id, paid_at, delivered_at, redeemed_at, refunded_at`;

const stateOf = (g: GiftRow): GiftState =>
  g.refunded_at ? 'refunded' : g.redeemed_at ? 'redeemed' : g.delivered_at ? 'delivered' : g.paid_at ? 'paid' : 'unpaid';

const summaryOf = (g: GiftRow): GiftSummary => ({
  id: g.id, months: g.months, amountCents: g.amount_cents, recipientEmail: g.recipient_email, deliverOn: g.deliver_on,
  state: stateOf(g), redeemedAt: g.redeemed_at ? new Date(g.redeemed_at).toISOString() : null,
});

/** Unpaid gifts are kept this long (the browser confirms within minutes; the job settles a closed tab's payment). */
const UNPAID_KEPT_DAYS = 2;

// ---------------------------------------------------------------- buying
/**
 * Starts a gift's payment. Anyone may buy (decision 201): a signed-in account buys under its own name and address
 * (the gift then shows on its profile and its charity gets the share); a visitor names themselves.
 */
export async function buyGift(s: Pick<Services, 'tx' | 'payments' | 'user'>, body: BuyGiftInput): Promise<BuyGiftAnswer> {
  const today = isoDay(new Date());
  const latest = isoDay(new Date(Date.now() + GIFT_DELIVERY_MAX_DAYS * 86_400_000));
  if (body.deliverOn < today) throw new DomainError('invalid', fieldMessage('deliverOn', 'must be today or later'));
  if (body.deliverOn > latest) throw new DomainError('invalid', fieldMessage('deliverOn', `must be within ${GIFT_DELIVERY_MAX_DAYS} days`));
  let buyer: { id: string | null; email: string; name: string };
  if (s.user) {
    const [me] = await s.tx.asCaller((q) => q<{ email: string; name: string }>(
      `select email, name from public.profiles where id = (select auth.uid())`));
    buyer = { id: s.user.id, email: me!.email, name: me!.name };
  } else {
    if (!body.buyerEmail || !body.buyerName) throw new DomainError('invalid', `${fieldMessage('buyerEmail', 'and')} ${fieldLabel('buyerName')} are required when not signed in`);
    buyer = { id: null, email: body.buyerEmail.trim().toLowerCase(), name: body.buyerName.trim() };
  }
  const giftId = crypto.randomUUID();
  const amountCents = giftPriceCents(body.months);
  const payment = await providerCall(() => s.payments.startOneOffPayment({
    amountCents, email: buyer.email, description: `Pay Local gift membership (${body.months} months)`,
    metadata: { paylocal_gift_id: giftId, months: String(body.months) }, idempotencyKey: `gift-${giftId}`,
  }));
  await s.tx.asService((q) => q(
    `insert into public.gifts (id, months, amount_cents, currency, buyer_user_id, buyer_email, buyer_name, recipient_email,
                               message, deliver_on, provider, payment_intent_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [giftId, body.months, payment.amountCents, payment.currency, buyer.id, buyer.email, buyer.name, body.recipientEmail,
      body.message, body.deliverOn, s.payments.kind, payment.paymentIntentId]));
  return {
    giftId, provider: s.payments.kind, publishableKey: s.payments.publishableKey,
    paymentIntentId: payment.paymentIntentId, clientSecret: payment.clientSecret, amountCents: payment.amountCents, currency: payment.currency,
  };
}

/**
 * Records a paid gift once: its payment (the charity share booked by the payments trigger: the buyer's charity,
 * else the general fund), a receipt token and the receipt mail. Answers null when it was recorded before.
 */
async function recordPaidGift(q: Query, gift: GiftRow, siteUrl: string): Promise<string | null> {
  const [claimed] = await q<{ id: string }>(
    `update public.gifts set paid_at = now() where id = $1 and paid_at is null returning id`, [gift.id]);
  if (!claimed) return null;
  // provider_invoice_id is unique and not null: a one-off payment has no invoice, so its intent names it.
  const [payment] = await q<{ id: string }>(
    `insert into public.payments (user_id, subscription_id, provider, provider_invoice_id, provider_payment_intent_id,
                                  amount_cents, currency, charity_share_bps, charity_share_cents, plan)
     values ($1, null, $2, $3, $4, $5, $6, $7, 0, null) returning id`,
    [gift.buyer_user_id, gift.provider, `gift_${gift.payment_intent_id}`, gift.payment_intent_id, gift.amount_cents, gift.currency,
      CHARITY_SHARE_BPS]);
  const receiptToken = randomToken();
  await q(`update public.gifts set payment_id = $2, receipt_token_hash = $3 where id = $1`,
    [gift.id, payment!.id, await sha256Hex(receiptToken)]);
  await enqueueMail(q, gift.buyer_email, giftReceiptMail({
    name: gift.buyer_name, siteUrl, months: gift.months, amountCents: gift.amount_cents, recipientEmail: gift.recipient_email,
    deliverOn: gift.deliver_on, receiptToken,
  }));
  return receiptToken;
}

async function giftByIntent(q: Query, paymentIntentId: string): Promise<GiftRow | undefined> {
  const [gift] = await q<GiftRow>(`select ${GIFT_COLUMNS} from public.gifts where payment_intent_id = $1`, [paymentIntentId]);
  return gift;
}

/** After the browser confirmed the card: the provider is asked, and a paid gift is recorded (once). */
export async function completeGift(s: Pick<Services, 'tx' | 'payments' | 'siteUrl'>, paymentIntentId: string): Promise<CompleteGiftAnswer> {
  const gift = await s.tx.asService((q) => giftByIntent(q, paymentIntentId));
  if (!gift) throw new DomainError('not-found', 'No gift is waiting for this payment.');
  if (!gift.paid_at) {
    const paid = await providerCall(() => s.payments.retrievePayment(paymentIntentId));
    if (paid.status !== 'succeeded') {
      throw new DomainError('payment-declined', paid.failureMessage ?? 'The payment has not been completed.');
    }
  }
  return s.tx.asService(async (q) => {
    const receiptToken = await recordPaidGift(q, gift, s.siteUrl);
    return { gift: summaryOf((await giftByIntent(q, paymentIntentId))!), receiptToken };
  });
}

// ---------------------------------------------------------------- the scheduled job
/**
 * The scheduled job (local: a loop; hosted: Supabase Cron calls POST /api/internal/gift-deliveries): settles gifts
 * paid in a tab that closed before completing, sends each paid gift due today (UTC) or earlier exactly once (the
 * update that sets delivered_at claims it: a second run, or one running at the same time, finds nothing), and drops
 * unpaid gifts older than 2 days.
 */
export async function deliverDueGifts(s: Pick<Services, 'db' | 'payments'>, siteUrl: string): Promise<{ settled: number; delivered: number }> {
  const service = <T>(work: (q: Query) => Promise<T>) => s.db.transaction(serviceClaims, work);
  const unpaid = await service((q) => q<GiftRow>(
    `select ${GIFT_COLUMNS} from public.gifts where paid_at is null and provider = $1 order by created_at limit 50`, [s.payments.kind]));
  let settled = 0;
  for (const gift of unpaid) {
    const paid = await s.payments.retrievePayment(gift.payment_intent_id).catch(() => null);
    if (paid?.status === 'succeeded' && (await service((q) => recordPaidGift(q, gift, siteUrl)))) settled += 1;
  }
  await service((q) => q(`delete from public.gifts where paid_at is null and created_at < now() - make_interval(days => $1)`, [UNPAID_KEPT_DAYS]));
  const due = await service((q) => q<{ id: string }>(
    `select id from public.gifts
      where paid_at is not null and delivered_at is null and refunded_at is null
        and deliver_on <= (now() at time zone 'UTC')::date
      order by deliver_on, created_at limit 200`));
  let delivered = 0;
  for (const { id } of due) {
    const token = randomToken();
    const sent = await service(async (q) => {
      const [gift] = await q<{ recipient_email: string; buyer_name: string; months: number; message: string | null }>(
        `update public.gifts set delivered_at = now(), token_hash = $2
          where id = $1 and delivered_at is null and refunded_at is null
          returning recipient_email, buyer_name, months, message`, [id, await sha256Hex(token)]);
      if (!gift) return false;
      await enqueueMail(q, gift.recipient_email, giftDeliveryMail({
        fromName: gift.buyer_name, siteUrl, months: gift.months, message: gift.message, token,
      }));
      return true;
    });
    if (sent) delivered += 1;
  }
  return { settled, delivered };
}

/** Runs deliverDueGifts every intervalMs until stopped (the local runner; hosted: Supabase Cron). */
export function startGiftDeliveryLoop(s: Pick<Services, 'db' | 'payments'>, siteUrl: string, intervalMs = 60_000, jobs?: JobRuns) {
  return everyInterval('gift-deliveries', intervalMs, () => deliverDueGifts(s, siteUrl), jobs);
}

// ---------------------------------------------------------------- the recipient
async function giftIdByToken(q: Query, token: string): Promise<string> {
  const [row] = await q<{ id: string }>(`select id from public.gifts where token_hash = $1`, [await sha256Hex(token)]);
  if (!row) throw new DomainError('not-found', 'This gift link is not valid.');
  return row.id;
}

/** What the recipient's page shows (the link is the proof: anyone holding it may see the gift). */
export async function giftForRecipient(s: Pick<Services, 'tx'>, token: string): Promise<GiftForRecipient> {
  return s.tx.asService(async (q) => {
    const id = await giftIdByToken(q, token);
    const [g] = await q<GiftRow>(`select ${GIFT_COLUMNS} from public.gifts where id = $1`, [id]);
    return {
      months: g!.months, fromName: g!.buyer_name, message: g!.message, recipientEmail: g!.recipient_email,
      redeemed: g!.redeemed_at !== null, refunded: g!.refunded_at !== null,
    };
  });
}

/**
 * Redeems the gift onto the signed-in customer (a new person signs up first, then redeems): its months start now,
 * or when the access they already have ends. A gift whose payment went back (refund, lost dispute) is refused.
 */
export async function redeemGift(s: Pick<Services, 'tx' | 'user'>, token: string): Promise<RedeemGiftAnswer> {
  const user = s.user;
  if (!user) throw new DomainError('unauthenticated', 'Sign in or create an account to redeem your gift.');
  if (user.role !== 'USER') throw new DomainError('forbidden', 'Gift memberships are redeemed by customer accounts.');
  return s.tx.asService(async (q) => {
    const id = await giftIdByToken(q, token);
    const [returned] = await q<{ returned: boolean }>(
      `select exists (select 1 from public.gifts g join public.charity_ledger l on l.payment_id = g.payment_id
                       where g.id = $1 and l.kind <> 'share') as returned`, [id]);
    if (returned!.returned) throw new DomainError('conflict', 'This gift was refunded and can no longer be redeemed.');
    const [gift] = await q<{ starts_at: Date | string; ends_at: Date | string }>(
      `select starts_at, ends_at from private.redeem_gift($1, $2)`, [id, user.id]);
    const startsAt = new Date(gift!.starts_at);
    const endsAt = new Date(gift!.ends_at);
    const now = Date.now();
    return {
      startsAt: startsAt.toISOString(), endsAt: endsAt.toISOString(),
      message: startsAt.getTime() > now + 60_000
        ? `Your gift is added: it starts when your current membership ends, on ${isoDay(startsAt)}.`
        : 'Your gift membership is active.',
    };
  });
}

// ---------------------------------------------------------------- the buyer and the admin
/** The signed-in buyer's gifts, newest first (RLS: their own). */
export async function myGifts(q: Query): Promise<GiftSummary[]> {
  const rows = await q<GiftRow>(
    `select ${GIFT_COLUMNS} from public.gifts where buyer_user_id = (select auth.uid()) and paid_at is not null
      order by created_at desc limit 50`);
  return rows.map(summaryOf);
}

/** The gift behind a receipt link (the link is the proof). */
export async function giftByReceipt(s: Pick<Services, 'tx'>, token: string): Promise<GiftSummary> {
  const hash = await sha256Hex(token);
  const [gift] = await s.tx.asService((q) => q<GiftRow>(
    `select ${GIFT_COLUMNS} from public.gifts where receipt_token_hash = $1`, [hash]));
  if (!gift) throw new DomainError('not-found', 'This receipt link is not valid.');
  return summaryOf(gift);
}

/** Paid gifts, newest first, for the admin (RLS: the admin reads all). */
export async function adminGifts(q: Query): Promise<GiftSummary[]> {
  const rows = await q<GiftRow>(`select ${GIFT_COLUMNS} from public.gifts where paid_at is not null order by created_at desc limit 200`);
  return rows.map(summaryOf);
}

/**
 * Refunds an unredeemed gift in full (admin). The gift is marked refunded first (private.redeem_gift then refuses
 * it), the provider refunds, and the refund is recorded once by its id with its charity reversal
 * (private.record_refund); a provider failure puts the gift back as it was.
 */
export async function refundGift(s: Pick<Services, 'tx' | 'payments' | 'user' | 'siteUrl'>, giftId: string, reason: string): Promise<GiftSummary> {
  const admin = s.user!;
  const gift = await s.tx.asService(async (q) => {
    const [row] = await q<GiftRow>(`select ${GIFT_COLUMNS} from public.gifts where id = $1 for update`, [giftId]);
    if (!row || !row.paid_at || !row.payment_id) throw new DomainError('not-found', 'No paid gift with that id.');
    if (row.redeemed_at) throw new DomainError('conflict', 'This gift has been redeemed, so it can no longer be refunded.');
    if (row.refunded_at) throw new DomainError('conflict', 'This gift has already been refunded.');
    if (row.provider !== s.payments.kind) {
      throw new DomainError('conflict', 'This gift was not paid with the payment provider in use, so it cannot be refunded here.');
    }
    await q(`update public.gifts set refunded_at = now() where id = $1`, [giftId]);
    return row;
  });
  // The payment's own invoice id too: the port names a charge by its intent, else by its invoice.
  const refundOf = {
    paymentIntentId: gift.payment_intent_id, invoiceId: `gift_${gift.payment_intent_id}`, amountCents: gift.amount_cents,
    reason: reason || 'Gift refunded', adminId: admin.id,
  };
  let refund;
  try {
    refund = await providerCall(() => s.payments.refundPayment(refundOf));
  } catch (error) {
    await s.tx.asService((q) => q(`update public.gifts set refunded_at = null where id = $1`, [giftId]));
    throw error;
  }
  return s.tx.asService(async (q) => {
    await recordRefund(q, gift.payment_id!, { ...refund, reason: reason || 'Gift refunded' }, admin.id, s.siteUrl);
    const [row] = await q<GiftRow>(`select ${GIFT_COLUMNS} from public.gifts where id = $1`, [giftId]);
    return summaryOf(row!);
  });
}
