// Accounting stays exact (issue 39, item 4): after any mix of payments of each plan and pass, plan switches, account
// credits granted and taken, partial and full refunds, and disputes opened, won and lost, the four places that show
// charity money agree with a separate, simple model of the rules: /impact (per charity, the general fund, this month
// and all time), the admin's figures (the charities' totals, the platform month, each payment's net), each member's
// "given" line (and credit balance), and the ledger itself.
//
// Each sequence is drawn from a seeded PRNG, driven through the app's own domain functions (which call the SQL rules:
// private.record_refund, private.record_dispute, private.apply_account_credit, the payments triggers), read back the
// way the endpoints read it, and rolled back to a savepoint: one database, one transaction, no rows left behind.
// A failing sequence is shrunk and printed with its seed; ACCOUNTING_SEED=<seed> replays from it.
//
// Adding an operation = one entry in OPERATIONS: `draw` (its arguments from the model; null when it cannot happen
// now), `fits` (whether replayed arguments still make sense), `run` (through the app's domain function) and `apply`
// (what the rules say happens, on the model). Money that reaches the charity through a public.payments row and the
// ledger needs nothing else: `addPayment` and `moneyBack` keep the model's payments, and every figure is compared.
// Gifts (bought, refunded by the admin, redeemed) and referrals (a checkout with another member's code, its 7-day
// reward, taken back by a refund or dispute of that first payment) run through the gifts and referrals domain functions.
// Each payment recorded gets its own moment (`newPaymentIds`): in one transaction now() is one instant for all of them, and
// decision 199's "latest payment of a membership" would then be decided by the order of random ids.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHARITY_SHARE_BPS, isPass, PLANS, type PlanId } from '../../_shared/constants.ts';
import type { OpenedDatabase } from '../../../../local/admin-sql.ts';
import { SEED, TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { openTestDatabase } from '../../../../tests/support/test-database.ts';
import { type Claims, claimsSetupParams, claimsSetupSql, type Query, serviceClaims } from '../db/database.ts';
import { periodEnd } from '../ports/payments/billing-period.ts';
import { testPaymentProvider } from '../ports/payments/test-provider.ts';
import { changeTestPlan, renewTestSubscription } from '../subscriptions/billing.ts';
import { subscriptionDetails } from '../subscriptions/membership.ts';
import { recordDispute, recordRefund } from '../subscriptions/refunds.ts';
import { recordPayment, upsertSubscription } from '../subscriptions/subscription-records.ts';
import { holdCheckoutReferral, recordReferral, rewardReferrals } from '../subscriptions/referrals.ts';
import { buyGift, completeGift, redeemGift, refundGift } from '../gifts/gifts.ts';
import type { Database } from '../db/database.ts';
import type { Services } from '../services.ts';
import { sha256Hex } from '../../_shared/tokens.ts';
import { giftPriceCents, type GiftMonths } from '../../_shared/contract/gifts.ts';
import { platformInsights } from '../insights/insights.ts';
import { charityImpact, GENERAL_FUND_ID, listCharities } from './charities.ts';

// The whole count on PGlite (every run of the suite); on a PostgreSQL server (TEST_DATABASE_URL, `npm test`'s second
// run) a smaller slice of other seeds: the rules are the same SQL on both, so a server difference would show in
// every sequence that reaches it, and each operation still runs more than ten times there (OFTEN: the seeds are
// fixed, so the tally is too). The planted errors run with each engine's own count and seeds: they show that the
// slice still finds a cent off.
const ON_SERVER = Boolean(process.env.TEST_DATABASE_URL);
const SEQUENCES = ON_SERVER ? 200 : 1000;
const DEFAULT_SEED = ON_SERVER ? 20261128 + 1000 : 20261128;
/** Fewer runs of an operation than this fails the property (it would prove little about that operation). */
const OFTEN = ON_SERVER ? SEQUENCES / 20 : SEQUENCES / 10;
// Receipts are mail, not money: without a site address the renewal and switch record no receipt (which saves time).
const NO_RECEIPT = '';
const NOTIFY = { adminEmail: TEST_ADMIN.email, siteUrl: 'http://localhost:5173' };
const provider = testPaymentProvider();

// ---------------------------------------------------------------- the PRNG
/** mulberry32: small, seeded, the same sequence on every machine. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  /** An integer in [lo, hi]. */
  const int = (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)];
  /** One of `items`, each as likely as its weight. */
  const weighted = <T extends { weight: number }>(items: readonly T[]): T => {
    let x = next() * items.reduce((sum, item) => sum + item.weight, 0);
    for (const item of items) if ((x -= item.weight) < 0) return item;
    return items[items.length - 1];
  };
  return { next, int, pick, weighted };
}
type Rng = ReturnType<typeof prng>;

// ---------------------------------------------------------------- the model
// The rules, written out from decisions 172, 191, 199 (what a refund ends), 200 (referral rewards) and 201 (gifts)
// without the SQL: a payment holds what was charged after account
// credit; the charity gets CHARITY_SHARE_BPS of it rounded half up to the cent; when part of it goes back (refunds,
// lost disputes) the charity gives back that part's proportional share of its share, rounded half up.

/** n / d rounded half up, for n >= 0 and d > 0, in exact integer arithmetic. */
function roundHalfUp(n: number, d: number): number {
  const q = Math.floor(n / d);
  return 2 * (n - q * d) >= d ? q + 1 : q;
}
const shareOf = (paid: number) => roundHalfUp(paid * CHARITY_SHARE_BPS, 10_000);
/** What the charity keeps of a payment of `paid` cents of which `returned` went back. */
const netShare = (paid: number, returned: number) => shareOf(paid) - roundHalfUp(shareOf(paid) * returned, paid);

/** Where a member's share goes: a chosen charity, the home city's default, or the general fund (null). */
const MEMBER_KINDS = [
  { label: 'chose Lyons Youth Sports', homeCityId: SEED.lyonsId, preferredCharityId: SEED.lyonsCharityId, charity: SEED.lyonsCharityId },
  { label: 'Lyons default', homeCityId: SEED.lyonsId, preferredCharityId: null, charity: 'ca000000-0000-4000-8000-000000000001' },
  { label: 'Longmont default', homeCityId: SEED.longmontId, preferredCharityId: null, charity: SEED.longmontCharityId },
  { label: 'no charity (general fund)', homeCityId: null, preferredCharityId: null, charity: null },
] as const;

interface Membership { rowId: string; plan: PlanId; running: boolean }
/** A referral (decision 200): made by the invited member's first checkout with the referrer's code. */
interface Referral { referrer: number; payment: number; status: 'pending' | 'rewarded' | 'refused' | 'taken_back' }
interface Member { id: string; charity: string | null; credit: number; membership: Membership | null; referral: Referral | null }
interface Payment {
  id: string; member: number; charity: string | null; paid: number; returned: number;
  subscriptionRowId: string | null; dispute: { id: string; amount: number; status: 'open' | 'won' | 'lost' } | null;
  /** The gift it paid for (decision 201), by index in Model.gifts. */
  gift: number | null;
}
interface Gift { id: string; payment: number; redeemed: boolean; refunded: boolean }
interface Model {
  seq: number; step: number; members: Member[]; payments: Payment[]; gifts: Gift[];
  /** The subscription rows that have ended (canceled: a refund or a lost dispute ended them). A lapsed one has not. */
  ended: Set<string>;
}
/** A referral reward each side (config.referralCreditCents' default: one month of the monthly plan). */
const REFERRAL_CENTS = PLANS.monthly.priceCents;

const left = (p: Payment) => p.paid - p.returned;
/**
 * Money went back (decision 199): a refund of all that was left of the payment of the current period (the latest
 * payment of a membership that has not ended) ends the membership now; a refund of an older payment does not. A lost
 * dispute of all of a payment ends its membership whichever payment it was. Answers whether it ended.
 */
function moneyBack(m: Model, p: Payment, amount: number, kind: 'refund' | 'dispute'): boolean {
  p.returned += amount;
  const row = p.subscriptionRowId;
  if (p.returned !== p.paid || row === null) return false;
  if (kind === 'refund') {
    const latest = m.payments.filter((other) => other.subscriptionRowId === row).at(-1);
    if (m.ended.has(row) || latest !== p) return false;
  }
  m.ended.add(row);
  const membership = m.members[p.member].membership;
  if (membership && membership.rowId === row) membership.running = false;
  return true;
}
/** A refund or dispute of a referral's first payment (decision 200): pending is refused; a reward taken back as far as unused. */
function referralPaymentReturned(m: Model, payment: number) {
  for (const [invited, member] of m.members.entries()) {
    const referral = member.referral;
    if (!referral || referral.payment !== payment) continue;
    if (referral.status === 'pending') referral.status = 'refused';
    if (referral.status !== 'rewarded') continue;
    for (const side of [invited, referral.referrer]) m.members[side].credit -= Math.min(REFERRAL_CENTS, Math.max(m.members[side].credit, 0));
    referral.status = 'taken_back';
  }
}
/** A charge of `due` cents: the member's credit is taken first (decision 191); the rest, if any, is a payment. */
function charge(m: Model, member: number, due: number): number {
  const taken = Math.min(m.members[member].credit, due);
  m.members[member].credit -= taken;
  return due - taken;
}
/** Microseconds added to each payment's moment: payments follow one another as they would in time. */
let clock = 0;
/** The payment ids the app recorded for a member that the model has not seen yet (each given its own moment). */
async function newPaymentIds(q: Query, m: Model, member: number): Promise<string[]> {
  const known = new Set(m.payments.map((p) => p.id));
  const rows = await q<{ id: string }>(`select id from public.payments where user_id = $1`, [m.members[member].id]);
  const ids = rows.map((r) => r.id).filter((id) => !known.has(id));
  if (ids.length) await q(`update public.payments set paid_at = paid_at + make_interval(secs => $2::float8 / 1e6) where id = any($1::uuid[])`, [ids, clock += 1]);
  return ids;
}
function addPayment(m: Model, member: number, ids: string[], paid: number, subscriptionRowId: string | null, gift: number | null = null) {
  if (ids.length !== (paid > 0 ? 1 : 0)) throw new Error(`expected ${paid > 0 ? `one payment of ${paid}` : 'no payment'}, the app recorded ${ids.length}`);
  if (paid > 0) m.payments.push({ id: ids[0], member, charity: m.members[member].charity, paid, returned: 0, subscriptionRowId, dispute: null, gift });
}
/** The domain functions' services on the open transaction: asCaller as `user`, asService as service_role. */
function services(q: Query, user: string | null, role: 'USER' | 'ADMIN' = 'USER') {
  const asService = async <T>(work: (query: Query) => Promise<T>) => { await become(q, serviceClaims); return work(q); };
  const db = { transaction: (_claims: Claims, work: (query: Query) => Promise<unknown>) => asService(work) } as unknown as Database;
  return {
    tx: {
      asCaller: async <T>(work: (query: Query) => Promise<T>) => {
        await become(q, user ? { role: 'authenticated', sub: user } : { role: 'anon' });
        try { return await work(q); } finally { await become(q, serviceClaims); }
      },
      asService,
    },
    db, payments: provider, siteUrl: NOTIFY.siteUrl, ip: '127.0.0.1',
    user: user ? { id: user, email: '', role, sessionTokenHash: '' } : null,
  } satisfies Partial<Services>;
}
const billingRow = async (q: Query, rowId: string) => (await q<{
  id: string; user_id: string; plan: PlanId; provider_subscription_id: string; current_period_start: Date; current_period_end: Date;
}>(`select id, user_id, plan, provider_subscription_id, current_period_start, current_period_end from public.subscriptions where id = $1`, [rowId]))[0];
const renewable = (mb: Membership | null): mb is Membership => !!mb && mb.running && !isPass(mb.plan);

// ---------------------------------------------------------------- the operations
/**
 * One thing that can happen to the money. `draw` picks its arguments from what the model says is possible now (null:
 * not possible); `run` does it through the app's domain functions and returns what the app answered; `apply` is what
 * the rules say happens, on the model (it may check the app's answer, throwing when it disagrees).
 */
interface Operation<A> {
  name: string;
  /** How often it is drawn, against the others' weights. */
  weight: number;
  draw(r: Rng, m: Model): A | null;
  /** Whether drawn arguments still fit (a shrunk sequence replays without some of the operations before). */
  fits(m: Model, args: A): boolean;
  run(q: Query, m: Model, args: A): Promise<unknown>;
  apply(m: Model, args: A, answer: unknown): void;
}
const operation = <A>(op: Operation<A>) => op as unknown as Operation<unknown>;
const someIndex = <T>(r: Rng, items: readonly T[], keep: (item: T) => boolean): number | null => {
  const indexes = items.map((item, i) => (keep(item) ? i : -1)).filter((i) => i >= 0);
  return indexes.length ? r.pick(indexes) : null;
};

const PLAN_IDS = Object.keys(PLANS) as PlanId[];

const OPERATIONS: Operation<unknown>[] = [
  // A first payment of any plan or pass, as checkout settles it (a first checkout is charged in full: decision 191).
  // With another member's invite code (decision 200) the checkout makes a referral, once per invited account.
  operation<{ member: number; plan: PlanId; referrer: number | null }>({
    name: 'subscribe',
    weight: 3,
    draw: (r, m) => {
      const member = someIndex(r, m.members, (mb) => !mb.membership?.running);
      if (member === null) return null;
      const referrer = !m.members[member].referral && m.members.length > 1 && r.next() < 0.8 ? 1 - member : null;
      return { member, plan: r.pick(PLAN_IDS), referrer };
    },
    fits: (m, a) => !m.members[a.member].membership?.running && (a.referrer === null || !!m.members[a.referrer]),
    run: async (q, m, { member, plan, referrer }) => {
      const ref = `prop_${m.seq}_${m.step}`;
      let checkoutId: string | null = null;
      if (referrer !== null) {
        // A started checkout (create-subscription's row) that came with the referrer's code.
        [{ id: checkoutId }] = await q<{ id: string }>(
          `insert into private.checkouts (provider, payment_intent_id, customer_id, provider_subscription_id, plan, amount_cents, email)
           values ('test', $1, $2, $3, $4, $5, 'prop@example.com') returning id`,
          [`pi_${ref}`, `cus_${ref}`, `sub_${ref}`, plan, PLANS[plan].priceCents]);
        await holdCheckoutReferral(q, checkoutId, m.members[referrer].id);
      }
      const start = new Date();
      const rowId = await upsertSubscription(q, {
        userId: m.members[member].id, plan, provider: 'test',
        subscription: {
          id: `sub_${ref}`, customerId: `cus_${ref}`, status: 'active', currentPeriodStart: start, currentPeriodEnd: periodEnd(start, plan),
          cancelAtPeriodEnd: isPass(plan), endedAt: null, openInvoice: null, plan, card: null,
        },
      });
      await recordPayment(q, {
        userId: m.members[member].id, subscriptionRowId: rowId, provider: 'test', invoiceId: `in_${ref}`, paymentIntentId: `pi_${ref}`,
        amountCents: PLANS[plan].priceCents, currency: 'usd',
      });
      if (checkoutId) await recordReferral(q, { checkoutId, userId: m.members[member].id, invoiceId: `in_${ref}`, cardFingerprint: null });
      return { rowId, ids: await newPaymentIds(q, m, member) };
    },
    apply: (m, { member, plan, referrer }, answer) => {
      const { rowId, ids } = answer as { rowId: string; ids: string[] };
      m.members[member].membership = { rowId, plan, running: true };
      addPayment(m, member, ids, PLANS[plan].priceCents, rowId);
      if (referrer !== null && !m.members[member].referral) m.members[member].referral = { referrer, payment: m.payments.length - 1, status: 'pending' };
    },
  }),
  // The test provider's renewal (POST /api/test-payments/renewal): the plan's price, credit taken first.
  operation<{ member: number }>({
    name: 'renew',
    weight: 3,
    draw: (r, m) => {
      const member = someIndex(r, m.members, (mb) => renewable(mb.membership));
      return member === null ? null : { member };
    },
    fits: (m, a) => renewable(m.members[a.member].membership),
    run: async (q, m, { member }) => {
      await renewTestSubscription(q, await billingRow(q, m.members[member].membership!.rowId), 'succeed', NO_RECEIPT);
      return newPaymentIds(q, m, member);
    },
    apply: (m, { member }, ids) => {
      const membership = m.members[member].membership!;
      addPayment(m, member, ids as string[], charge(m, member, PLANS[membership.plan].priceCents), membership.rowId);
    },
  }),
  // Monthly ↔ yearly some way into the period: the provider's proration charged now, credit taken first.
  operation<{ member: number; elapsed: number }>({
    name: 'switch plan',
    weight: 2,
    draw: (r, m) => {
      const member = someIndex(r, m.members, (mb) => renewable(mb.membership));
      return member === null ? null : { member, elapsed: r.next() };
    },
    fits: (m, a) => renewable(m.members[a.member].membership),
    run: async (q, m, { member, elapsed }) => {
      const rowId = m.members[member].membership!.rowId;
      // Time passes (as the billing tests backdate rows): the period started `elapsed` of its length ago.
      await q(`update public.subscriptions
                  set current_period_start = current_period_start - (current_period_end - current_period_start) * $2::float8,
                      current_period_end = current_period_end - (current_period_end - current_period_start) * $2::float8
                where id = $1`, [rowId, elapsed]);
      const row = await billingRow(q, rowId);
      const plan: PlanId = row.plan === 'monthly' ? 'yearly' : 'monthly';
      const { amountDueCents } = await provider.previewPlanChange({
        subscriptionId: row.provider_subscription_id, plan, currentPlan: row.plan,
        periodStart: new Date(row.current_period_start), periodEnd: new Date(row.current_period_end),
      });
      await changeTestPlan(q, row, plan, amountDueCents, NO_RECEIPT);
      return { plan, due: amountDueCents, ids: await newPaymentIds(q, m, member) };
    },
    apply: (m, { member }, answer) => {
      // The proration is the provider's (an input here); what is charged of it, and the share, are the rules'.
      const { plan, due, ids } = answer as { plan: PlanId; due: number; ids: string[] };
      const membership = m.members[member].membership!;
      membership.plan = plan;
      addPayment(m, member, ids, due > 0 ? charge(m, member, due) : 0, membership.rowId);
    },
  }),
  // An account credit (decision 191's ledger), as an upheld report grants it; taken off the next charge.
  operation<{ member: number; cents: number }>({
    name: 'grant credit',
    weight: 1,
    draw: (r, m) => ({ member: r.int(0, m.members.length - 1), cents: r.next() < 0.5 ? PLANS.monthly.priceCents : r.int(1, 12_000) }),
    fits: () => true,
    run: (q, m, { member, cents }) => q(`select private.grant_account_credit($1, $2, 'offer_not_honoured', $3)`,
      [m.members[member].id, cents, `offer_report:prop_${m.seq}_${m.step}`]),
    apply: (m, { member, cents }) => { m.members[member].credit += cents; },
  }),
  // A refund, part or all of what is left, as the admin's refund (or Stripe's charge.refunded) records it.
  operation<{ payment: number; amount: number }>({
    name: 'refund',
    weight: 3,
    draw: (r, m) => {
      const payment = someIndex(r, m.payments, (p) => left(p) > 0 && p.dispute?.status !== 'open' && p.gift === null);
      if (payment === null) return null;
      const rest = left(m.payments[payment]);
      const amount = r.next() < 0.35 ? rest : r.next() < 0.5 ? r.int(1, Math.min(rest, 20)) : r.int(1, rest);
      return { payment, amount };
    },
    fits: (m, a) => !!m.payments[a.payment] && left(m.payments[a.payment]) >= a.amount && m.payments[a.payment].dispute?.status !== 'open'
      && m.payments[a.payment].gift === null,
    run: async (q, m, { payment, amount }) => (await recordRefund(q, m.payments[payment].id, {
      id: `re_prop_${m.seq}_${m.step}`, amountCents: amount, status: 'succeeded', created: new Date(), reason: 'Property test', adminId: null,
    }, TEST_ADMIN.id, NOTIFY.siteUrl))!,
    apply: (m, { payment, amount }, answer) => {
      const p = m.payments[payment];
      const before = netShare(p.paid, p.returned);
      const ended = moneyBack(m, p, amount, 'refund');
      referralPaymentReturned(m, payment);
      expectAnswer(answer, { outcome: 'recorded', amountCents: amount, charityCents: before - netShare(p.paid, p.returned), membershipEnded: ended });
    },
  }),
  // A dispute of all that is left of a payment (the test-mode control opens one so); one per payment.
  operation<{ payment: number }>({
    name: 'open dispute',
    weight: 2,
    draw: (r, m) => {
      const payment = someIndex(r, m.payments, (p) => left(p) > 0 && !p.dispute);
      return payment === null ? null : { payment };
    },
    fits: (m, a) => !!m.payments[a.payment] && left(m.payments[a.payment]) > 0 && !m.payments[a.payment].dispute,
    run: (q, m, { payment }) => recordDispute(q, m.payments[payment].id, {
      id: `dp_prop_${m.seq}_${m.step}`, paymentIntentId: '', amountCents: left(m.payments[payment]), reason: 'fraudulent', status: 'open', evidenceDueBy: null,
    }, new Date(), null, NOTIFY),
    apply: (m, { payment }, answer) => {
      const p = m.payments[payment];
      p.dispute = { id: `dp_prop_${m.seq}_${m.step}`, amount: left(p), status: 'open' };
      referralPaymentReturned(m, payment);
      expectAnswer(answer, { outcome: 'recorded', status: 'open' });
    },
  }),
  // The bank decides: won changes no money; lost returns the disputed amount like a refund.
  operation<{ payment: number; won: boolean }>({
    name: 'close dispute',
    weight: 2,
    draw: (r, m) => {
      const payment = someIndex(r, m.payments, (p) => p.dispute?.status === 'open');
      return payment === null ? null : { payment, won: r.next() < 0.5 };
    },
    fits: (m, a) => m.payments[a.payment]?.dispute?.status === 'open',
    run: (q, m, { payment, won }) => {
      const { id, amount } = m.payments[payment].dispute!;
      return recordDispute(q, m.payments[payment].id, {
        id, paymentIntentId: '', amountCents: amount, reason: 'fraudulent', status: won ? 'won' : 'lost', evidenceDueBy: null,
      }, new Date(), null, NOTIFY);
    },
    apply: (m, { payment, won }, answer) => {
      const p = m.payments[payment];
      const dispute = p.dispute!;
      dispute.status = won ? 'won' : 'lost';
      if (won) return expectAnswer(answer, { outcome: 'recorded', status: 'won' });
      const before = netShare(p.paid, p.returned);
      const ended = moneyBack(m, p, dispute.amount, 'dispute');
      expectAnswer(answer, { outcome: 'recorded', status: 'lost', charityCents: before - netShare(p.paid, p.returned), membershipEnded: ended });
    },
  }),
  // The membership's time runs out (its period backdated into the past): no money moves; a new one may start.
  operation<{ member: number }>({
    name: 'lapse',
    weight: 1,
    draw: (r, m) => {
      const member = someIndex(r, m.members, (mb) => !!mb.membership?.running);
      return member === null ? null : { member };
    },
    fits: (m, a) => !!m.members[a.member].membership?.running,
    run: (q, m, { member }) => q(`update public.subscriptions
        set current_period_start = now() - interval '400 days', current_period_end = now() - interval '1 day' where id = $1`,
    [m.members[member].membership!.rowId]),
    apply: (m, { member }) => { m.members[member].membership!.running = false; },
  }),
  // A gift membership bought by a member (decision 201) and paid: an ordinary payment, its share to the buyer's charity.
  operation<{ buyer: number; months: GiftMonths }>({
    name: 'buy gift',
    weight: 0.8,
    draw: (r, m) => ({ buyer: r.int(0, m.members.length - 1), months: r.pick([1, 3, 12] as const) }),
    fits: (m, a) => !!m.members[a.buyer],
    run: async (q, m, { buyer, months }) => {
      const s = services(q, m.members[buyer].id);
      const bought = await buyGift(s, { months, recipientEmail: 'gift-prop@example.com', message: null, deliverOn: new Date().toISOString().slice(0, 10) });
      await provider.testCards!.confirmCard({ clientSecret: bought.clientSecret!, cardNumber: '4242424242424242', expMonth: 12, expYear: 2099, cvc: '123' });
      await completeGift(s, bought.paymentIntentId);
      return { giftId: bought.giftId, ids: await newPaymentIds(q, m, buyer) };
    },
    apply: (m, { buyer, months }, answer) => {
      const { giftId, ids } = answer as { giftId: string; ids: string[] };
      m.gifts.push({ id: giftId, payment: m.payments.length, redeemed: false, refunded: false });
      addPayment(m, buyer, ids, giftPriceCents(months), null, m.gifts.length - 1);
    },
  }),
  // The admin refunds an unredeemed gift whole (POST /api/admin/gifts/:id/refund).
  operation<{ gift: number }>({
    name: 'refund gift',
    weight: 2.5,
    draw: (r, m) => {
      const gift = someIndex(r, m.gifts, (g) => giftRefundable(m, g));
      return gift === null ? null : { gift };
    },
    fits: (m, a) => !!m.gifts[a.gift] && giftRefundable(m, m.gifts[a.gift]),
    run: (q, m, { gift }) => refundGift(services(q, TEST_ADMIN.id, 'ADMIN'), m.gifts[gift].id, 'Property test'),
    apply: (m, { gift }, answer) => {
      const g = m.gifts[gift];
      g.refunded = true;
      moneyBack(m, m.payments[g.payment], left(m.payments[g.payment]), 'refund');
      expectAnswer(answer, { state: 'refunded' });
    },
  }),
  // A delivered gift redeemed by a member (its link's token set as the delivery job sets it): no money moves.
  operation<{ gift: number; member: number }>({
    name: 'redeem gift',
    weight: 2,
    draw: (r, m) => {
      const gift = someIndex(r, m.gifts, (g) => giftRedeemable(m, g));
      return gift === null ? null : { gift, member: r.int(0, m.members.length - 1) };
    },
    fits: (m, a) => !!m.gifts[a.gift] && giftRedeemable(m, m.gifts[a.gift]) && !!m.members[a.member],
    run: async (q, m, { gift, member }) => {
      const token = `gift_prop_${m.seq}_${m.step}`;
      await q(`update public.gifts set delivered_at = now(), token_hash = $2 where id = $1`, [m.gifts[gift].id, await sha256Hex(token)]);
      return redeemGift(services(q, m.members[member].id), token);
    },
    apply: (m, { gift }) => { m.gifts[gift].redeemed = true; },
  }),
  // The referral's 7 days pass (as POST /api/test-payments/referral-week does) and the scheduled check runs.
  operation<{ member: number }>({
    name: 'referral week',
    weight: 3,
    draw: (r, m) => {
      const member = someIndex(r, m.members, (mb) => mb.referral?.status === 'pending');
      return member === null ? null : { member };
    },
    fits: (m, a) => m.members[a.member]?.referral?.status === 'pending',
    run: async (q, m, { member }) => {
      await q(`update public.payments set paid_at = paid_at - interval '8 days' where id = $1`, [m.payments[m.members[member].referral!.payment].id]);
      return rewardReferrals(services(q, null), REFERRAL_CENTS);
    },
    apply: (m, { member }, answer) => {
      const referral = m.members[member].referral!;
      const p = m.payments[referral.payment];
      // Any refund or dispute of the first payment refuses it (referralPaymentReturned has done so already).
      if (p.returned > 0 || p.dispute) throw new Error('a pending referral whose payment went back');
      referral.status = 'rewarded';
      m.members[member].credit += REFERRAL_CENTS;
      m.members[referral.referrer].credit += REFERRAL_CENTS;
      expectAnswer(answer, { rewarded: 1 });
    },
  }),
];
/** A gift the admin may refund: paid, not redeemed nor refunded, nothing of it gone back, no dispute open. */
const giftRefundable = (m: Model, g: Gift) => !g.redeemed && !g.refunded && m.payments[g.payment].returned === 0
  && m.payments[g.payment].dispute?.status !== 'open';
/** A gift that can be redeemed: not yet, and none of its payment gone back (redeemGift refuses a refunded gift). */
const giftRedeemable = (m: Model, g: Gift) => !g.redeemed && !g.refunded && m.payments[g.payment].returned === 0;

/** The parts of an answer the rules fix; a mismatch fails the sequence. */
function expectAnswer(answer: unknown, expected: Record<string, unknown>) {
  const got = answer as Record<string, unknown>;
  const wrong = Object.entries(expected).filter(([key, value]) => got[key] !== value);
  if (wrong.length) throw new Error(`the app answered ${JSON.stringify(got)}, the rules say ${JSON.stringify(expected)}`);
}

// ---------------------------------------------------------------- the figures, read as the endpoints read them
/** Sets the role and claims for the statements that follow (as the API's transactions do). */
const become = (q: Query, claims: Claims) => q(claimsSetupSql, claimsSetupParams(claims));

interface Figures {
  /** GET /api/impact: all time and this month, and each entry's all time (charity id or 'general-fund'). */
  impact: { totalCents: number; monthCents: number; entries: Record<string, number> };
  /** The admin: GET /api/admin/charities' totals, and GET /api/admin/insights' charity share this month. */
  admin: { charities: Record<string, number>; platformMonth: number };
  /** The charity ledger, all time. */
  ledger: number;
}

/** The totals as the public and the admin read them (then back to service_role). */
async function figures(q: Query): Promise<Figures> {
  await become(q, { role: 'anon' });
  const impact = await charityImpact(q);
  await become(q, { role: 'authenticated', sub: TEST_ADMIN.id });
  const charities = await listCharities(q, null);
  const insights = await platformInsights(q);
  await become(q, serviceClaims);
  const [ledger] = await q<{ total: number }>(`select coalesce(sum(cents), 0)::int as total from public.charity_ledger`);
  return {
    impact: { totalCents: impact.totalCents, monthCents: impact.monthCents, entries: Object.fromEntries(impact.charities.map((c) => [c.id, c.totalCents])) },
    admin: { charities: Object.fromEntries(charities.map((c) => [c.id, c.totalGivenCents])), platformMonth: insights.charityShareCents.at(-1)! },
    ledger: ledger.total,
  };
}

/** Every disagreement between the app's figures and the models of the sequences run since `base` (empty: exact). */
async function disagreements(q: Query, models: Model[], base: Figures): Promise<string[]> {
  const wrong: string[] = [];
  const same = (what: string, got: number, want: number) => { if (got !== want) wrong.push(`${what}: the app says ${got}, the model ${want}`); };
  const payments = models.flatMap((m) => m.payments);
  const total = payments.reduce((sum, p) => sum + netShare(p.paid, p.returned), 0);
  const byCharity = new Map<string, number>();
  for (const p of payments) {
    const key = p.charity ?? GENERAL_FUND_ID;
    byCharity.set(key, (byCharity.get(key) ?? 0) + netShare(p.paid, p.returned));
  }

  const now = await figures(q);
  same('ledger total', now.ledger, base.ledger + total);
  same('/impact total', now.impact.totalCents, base.impact.totalCents + total);
  same('/impact this month', now.impact.monthCents, base.impact.monthCents + total);
  same('admin insights, charity share this month', now.admin.platformMonth, base.admin.platformMonth + total);
  for (const [key, cents] of byCharity) {
    same(`/impact ${key}`, now.impact.entries[key] ?? 0, (base.impact.entries[key] ?? 0) + cents);
    if (key !== GENERAL_FUND_ID) same(`admin charities ${key}`, now.admin.charities[key], base.admin.charities[key] + cents);
  }
  for (const [key, cents] of Object.entries(now.impact.entries)) {
    if (!byCharity.has(key)) same(`/impact ${key} (no payments here)`, cents, base.impact.entries[key]);
  }

  // The ledger per payment: what was charged, what went back, what the charity keeps.
  const members = models.flatMap((m) => m.members);
  const rows = await q<{ id: string; amount: number; returned: number; net: number }>(
    `select p.id, p.amount_cents as amount, coalesce(sum(-l.amount_cents) filter (where l.kind <> 'share'), 0)::int as returned,
            coalesce(sum(l.cents), 0)::int as net
       from public.payments p left join public.charity_ledger l on l.payment_id = p.id
      where p.user_id = any($1::uuid[]) group by p.id`, [members.map((mb) => mb.id)]);
  same('payments recorded', rows.length, payments.length);
  const ledger = new Map(rows.map((row) => [row.id, row]));
  for (const [i, p] of payments.entries()) {
    const row = ledger.get(p.id);
    same(`payment ${i} amount`, row?.amount ?? -1, p.paid);
    same(`payment ${i} returned`, row?.returned ?? -1, p.returned);
    same(`payment ${i} charity net`, row?.net ?? -1, netShare(p.paid, p.returned));
  }

  // Each member's profile: "given to local charities" and the account credit.
  for (const m of models) {
    for (const [i, member] of m.members.entries()) {
      await become(q, { role: 'authenticated', sub: member.id });
      const details = await subscriptionDetails(q);
      same(`member ${i} given`, details.charityGivenCents, m.payments.filter((p) => p.member === i).reduce((sum, p) => sum + netShare(p.paid, p.returned), 0));
      same(`member ${i} account credit`, details.accountCreditCents, member.credit);
    }
  }
  await become(q, serviceClaims);
  return wrong;
}

// ---------------------------------------------------------------- sequences
interface Step { op: string; args: unknown }
/** A sequence: its seed (which members, how many steps, and each step drawn from the model as it runs) and its steps. */
interface Sequence { seed: number; members: number[]; steps: Step[] }
interface Outcome { sequence: Sequence; model: Model; wrong: string[] }

/** Sequences run together before the figures are read: /impact and the admin's totals are sums, so they add up. */
const BATCH = 10;
const MEMBERS_AT_MOST = 2;
/** The account of a sequence's i-th member in a batch slot, of one kind (each exists once: insertMembers). */
const memberId = (slot: number, i: number, kind: number) =>
  `a0000000-0000-4000-8000-0000000a${String((slot * MEMBERS_AT_MOST + i) * MEMBER_KINDS.length + kind).padStart(4, '0')}`;

/**
 * Runs one sequence in the open transaction (its members in `slot`, so sequences of a batch never share one). With
 * `replay` its steps are those (each skipped when it no longer fits); without, they are drawn from the seed against
 * the model as it runs. A step the app refuses or answers differently from the rules is a disagreement.
 */
async function runSequence(q: Query, seed: number, slot: number, replay?: Sequence): Promise<Outcome> {
  const r = prng(seed);
  const kinds = replay?.members ?? Array.from({ length: r.int(1, MEMBERS_AT_MOST) }, () => r.int(0, MEMBER_KINDS.length - 1));
  const length = replay?.steps.length ?? r.int(3, 7);
  const sequence: Sequence = { seed, members: kinds, steps: [] };
  const ids = kinds.map((kind, i) => memberId(slot, i, kind));
  const m: Model = {
    seq: seed, step: 0, payments: [], gifts: [], ended: new Set(),
    members: kinds.map((kind, i) => ({ id: ids[i], charity: MEMBER_KINDS[kind].charity, credit: 0, membership: null, referral: null })),
  };
  for (let tries = 0; (replay ? m.step < length : sequence.steps.length < length) && tries < 100; tries++) {
    let step: Step | undefined;
    if (replay) {
      step = replay.steps[m.step];
      if (!OPERATIONS.find((o) => o.name === step!.op)!.fits(m, step.args)) { m.step++; continue; }
    } else {
      const op = r.weighted(OPERATIONS);
      const args = op.draw(r, m);
      if (args !== null) step = { op: op.name, args };
    }
    if (!step) continue;
    sequence.steps.push(step);
    const op = OPERATIONS.find((o) => o.name === step.op)!;
    try {
      op.apply(m, step.args, await op.run(q, m, step.args));
    } catch (error) {
      return { sequence, model: m, wrong: [`step ${sequence.steps.length - 1} (${step.op}): ${(error as Error).message}`] };
    }
    m.step++;
  }
  return { sequence, model: m, wrong: [] };
}

/** Runs sequences under a savepoint, then reads the figures once; rolls back. The disagreements, or none. */
async function runBatch(q: Query, base: Figures, seeds: number[], replay?: Sequence): Promise<{ outcomes: Outcome[]; wrong: string[] }> {
  await q('savepoint accounting_batch');
  try {
    const outcomes: Outcome[] = [];
    for (const [slot, seed] of seeds.entries()) {
      const outcome = await runSequence(q, seed, slot, replay);
      outcomes.push(outcome);
      if (outcome.wrong.length) return { outcomes, wrong: outcome.wrong };
    }
    return { outcomes, wrong: await disagreements(q, outcomes.map((o) => o.model), base) };
  } finally {
    await q('rollback to savepoint accounting_batch');
  }
}

/** Drops steps one at a time while the sequence still fails: the shortest failing sequence found. */
async function shrink(q: Query, base: Figures, sequence: Sequence, wrong: string[]) {
  let current = { sequence, wrong };
  for (let progress = true; progress;) {
    progress = false;
    for (let i = current.sequence.steps.length - 1; i >= 0; i--) {
      const candidate = { ...current.sequence, steps: current.sequence.steps.filter((_, j) => j !== i) };
      const result = await runBatch(q, base, [candidate.seed], candidate);
      if (result.wrong.length) { current = { sequence: result.outcomes[0].sequence, wrong: result.wrong }; progress = true; break; }
    }
  }
  return current;
}

const describeSequence = (s: Sequence) => [
  `seed ${s.seed} (replay: ACCOUNTING_SEED=${s.seed}); members: ${s.members.map((k) => MEMBER_KINDS[k].label).join(', ')}`,
  ...s.steps.map((step, i) => `  ${i}. ${step.op} ${JSON.stringify(step.args)}`),
].join('\n');

/** The members of a batch's sequences, of every kind, made once: each batch rolls back to a savepoint taken after. */
function insertMembers(q: Query) {
  const slots = Array.from({ length: BATCH * MEMBERS_AT_MOST }, (_, n) => [Math.floor(n / MEMBERS_AT_MOST), n % MEMBERS_AT_MOST]);
  const members = slots.flatMap(([slot, i]) => MEMBER_KINDS.map((kind, k) => ({ id: memberId(slot, i, k), ...kind })));
  return q(`insert into public.profiles (id, email, name, role, home_city_id, preferred_charity_id)
            select id, 'prop-' || id || '@example.com', 'Prop Member', 'USER', city, charity
              from unnest($1::uuid[], $2::uuid[], $3::uuid[]) as t(id, city, charity)`,
  [members.map((m) => m.id), members.map((m) => m.homeCityId), members.map((m) => m.preferredCharityId)]);
}

/** What the sequences did, for the log (a property that never refunds proves little). */
const tally = new Map<string, number>();

/** Runs `count` sequences from `seed` on; the first failing one, shrunk, or null when all agree. */
async function property(q: Query, seed: number, count: number): Promise<{ sequence: Sequence; wrong: string[] } | null> {
  tally.clear();
  await insertMembers(q);
  const base = await figures(q);
  for (let from = 0; from < count; from += BATCH) {
    const seeds = Array.from({ length: Math.min(BATCH, count - from) }, (_, i) => seed + from + i);
    const batch = await runBatch(q, base, seeds);
    for (const step of batch.outcomes.flatMap((o) => o.sequence.steps)) tally.set(step.op, (tally.get(step.op) ?? 0) + 1);
    if (!batch.wrong.length) continue;
    // Which sequence: each alone.
    for (const one of seeds) {
      const alone = await runBatch(q, base, [one]);
      if (alone.wrong.length) return shrink(q, base, alone.outcomes[0].sequence, alone.wrong);
    }
    throw new Error(`the sequences from seed ${seeds[0]} disagree together but each agrees alone`);
  }
  return null;
}

/** Runs `work` in one service_role transaction that is always rolled back. */
async function rolledBack(db: OpenedDatabase, work: (q: Query) => Promise<void>) {
  const done = new Error('rolled back on purpose');
  await db.db.transaction(serviceClaims, async (q) => { await work(q); throw done; }).catch((error) => { if (error !== done) throw error; });
}

// ---------------------------------------------------------------- the tests
let db: OpenedDatabase;
beforeAll(async () => { db = await openTestDatabase(); });
afterAll(() => db.close());

describe('accounting stays exact', () => {
  it(`agrees with the model over ${SEQUENCES} random sequences`, async () => {
    const seed = Number(process.env.ACCOUNTING_SEED ?? DEFAULT_SEED);
    const started = performance.now();
    const cpu = process.cpuUsage();
    let failure: Awaited<ReturnType<typeof property>> = null;
    await rolledBack(db, async (q) => { failure = await property(q, seed, SEQUENCES); });
    const f = failure as Awaited<ReturnType<typeof property>>;
    if (f) expect.fail(`${describeSequence(f.sequence)}\n${f.wrong.join('\n')}`);
    console.info(`accounting property: ${SEQUENCES} sequences from seed ${seed} in ${Math.round(performance.now() - started)} ms (this process's CPU: ${
      Math.round((process.cpuUsage(cpu).user + process.cpuUsage(cpu).system) / 1000)} ms): ${
      [...tally].map(([op, n]) => `${n} ${op}`).join(', ')}`);
    // Every operation ran, and often (the weights and the model let each one happen).
    for (const op of OPERATIONS) expect(tally.get(op.name) ?? 0, op.name).toBeGreaterThan(OFTEN);
  }, 300_000);

  // Planted errors in the rule, each in a rolled-back transaction only: the property must find them.
  const PLANTED = {
    'the returned part\'s share rounded half down': 'select (s.share - (s.share * p_returned * 2 + p_paid - 1) / (2 * p_paid::bigint))::integer',
    'a share one cent high on odd amounts': 'select (s.share + p_paid % 2 - (s.share * p_returned * 2 + p_paid) / (2 * p_paid::bigint))::integer',
  };
  it.each(Object.entries(PLANTED))('fails when the rule is off by one cent: %s', async (_, body) => {
    let failure: Awaited<ReturnType<typeof property>> = null;
    await rolledBack(db, async (q) => {
      await q('reset role');
      await q(`create or replace function private.charity_share_cents(p_paid integer, p_returned integer, p_bps integer) returns integer
                 language sql immutable set search_path to '' as $$
                 ${body} from (select (p_paid::bigint * p_bps + 5000) / 10000 as share) s $$`);
      await q(claimsSetupSql, claimsSetupParams(serviceClaims));
      failure = await property(q, DEFAULT_SEED, SEQUENCES);
    });
    const f = failure as Awaited<ReturnType<typeof property>>;
    expect(f, 'the property found no error in the planted rule').not.toBeNull();
    console.info(`planted error found:\n${describeSequence(f!.sequence)}\n${f!.wrong.join('\n')}`);
  }, 300_000);
});
