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
//  - A gift paid: draw a buyer (a member index); run the gift purchase; apply addPayment(m, buyer, newPaymentIds,
//    price, null) (the share goes to the buyer's charity, else the general fund, as Payment.charity says). A gift
//    refunded: draw an unredeemed gift's payment; run the admin's refund; apply moneyBack(m, p, left(p)).
//  - A referral reward granted: run private.grant_account_credit with the referral reason for both members; apply
//    credit += the reward on each. Taken back: apply credit -= the part not yet used (the model's Member.credit).
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
import { platformInsights } from '../insights/insights.ts';
import { charityImpact, GENERAL_FUND_ID, listCharities } from './charities.ts';

const SEQUENCES = 1000;
const DEFAULT_SEED = 20261128;
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
// The rules, written out from decisions 172 and 191 without the SQL: a payment holds what was charged after account
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
interface Member { id: string; charity: string | null; credit: number; membership: Membership | null }
interface Payment {
  id: string; member: number; charity: string | null; paid: number; returned: number;
  subscriptionRowId: string | null; dispute: { id: string; amount: number; status: 'open' | 'won' | 'lost' } | null;
}
interface Model { seq: number; step: number; members: Member[]; payments: Payment[] }

const left = (p: Payment) => p.paid - p.returned;
/** Money went back: the payment's net follows the rule; all of it back ends its membership now (reverse_share). */
function moneyBack(m: Model, p: Payment, amount: number) {
  p.returned += amount;
  if (p.returned === p.paid) {
    const membership = m.members[p.member].membership;
    if (membership && membership.rowId === p.subscriptionRowId) membership.running = false;
  }
}
/** A charge of `due` cents: the member's credit is taken first (decision 191); the rest, if any, is a payment. */
function charge(m: Model, member: number, due: number): number {
  const taken = Math.min(m.members[member].credit, due);
  m.members[member].credit -= taken;
  return due - taken;
}
/** The payment ids the app recorded for a member that the model has not seen yet. */
async function newPaymentIds(q: Query, m: Model, member: number): Promise<string[]> {
  const known = new Set(m.payments.map((p) => p.id));
  const rows = await q<{ id: string }>(`select id from public.payments where user_id = $1`, [m.members[member].id]);
  return rows.map((r) => r.id).filter((id) => !known.has(id));
}
function addPayment(m: Model, member: number, ids: string[], paid: number, subscriptionRowId: string | null) {
  if (ids.length !== (paid > 0 ? 1 : 0)) throw new Error(`expected ${paid > 0 ? `one payment of ${paid}` : 'no payment'}, the app recorded ${ids.length}`);
  if (paid > 0) m.payments.push({ id: ids[0], member, charity: m.members[member].charity, paid, returned: 0, subscriptionRowId, dispute: null });
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
  operation<{ member: number; plan: PlanId }>({
    name: 'subscribe',
    weight: 3,
    draw: (r, m) => {
      const member = someIndex(r, m.members, (mb) => !mb.membership?.running);
      return member === null ? null : { member, plan: r.pick(PLAN_IDS) };
    },
    fits: (m, a) => !m.members[a.member].membership?.running,
    run: async (q, m, { member, plan }) => {
      const ref = `prop_${m.seq}_${m.step}`;
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
      return { rowId, ids: await newPaymentIds(q, m, member) };
    },
    apply: (m, { member, plan }, answer) => {
      const { rowId, ids } = answer as { rowId: string; ids: string[] };
      m.members[member].membership = { rowId, plan, running: true };
      addPayment(m, member, ids, PLANS[plan].priceCents, rowId);
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
      const payment = someIndex(r, m.payments, (p) => left(p) > 0 && p.dispute?.status !== 'open');
      if (payment === null) return null;
      const rest = left(m.payments[payment]);
      const amount = r.next() < 0.35 ? rest : r.next() < 0.5 ? r.int(1, Math.min(rest, 20)) : r.int(1, rest);
      return { payment, amount };
    },
    fits: (m, a) => !!m.payments[a.payment] && left(m.payments[a.payment]) >= a.amount && m.payments[a.payment].dispute?.status !== 'open',
    run: async (q, m, { payment, amount }) => (await recordRefund(q, m.payments[payment].id, {
      id: `re_prop_${m.seq}_${m.step}`, amountCents: amount, status: 'succeeded', created: new Date(), reason: 'Property test', adminId: null,
    }, TEST_ADMIN.id, 'http://localhost'))!,
    apply: (m, { payment, amount }, answer) => {
      const p = m.payments[payment];
      const before = netShare(p.paid, p.returned);
      moneyBack(m, p, amount);
      expectAnswer(answer, { outcome: 'recorded', amountCents: amount, charityCents: before - netShare(p.paid, p.returned), membershipEnded: p.returned === p.paid });
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
      moneyBack(m, p, dispute.amount);
      expectAnswer(answer, { outcome: 'recorded', status: 'lost', charityCents: before - netShare(p.paid, p.returned), membershipEnded: p.returned === p.paid });
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
];

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
    seq: seed, step: 0, payments: [],
    members: kinds.map((kind, i) => ({ id: ids[i], charity: MEMBER_KINDS[kind].charity, credit: 0, membership: null })),
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
    for (const op of OPERATIONS) expect(tally.get(op.name) ?? 0, op.name).toBeGreaterThan(SEQUENCES / 10);
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
