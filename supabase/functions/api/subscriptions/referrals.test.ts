// Referrals (decision 200) on the built-in test provider: the invite link, the code on both checkout paths, the
// 7-day check run by the scheduled route (rows backdated as the billing tests do), own accounts, the monthly limit,
// and a reward taken back when the first payment is refunded or disputed later.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS } from '../../_shared/constants.ts';
import { TEST_ADMIN } from '../../../../tests/support/constants.ts';
import { subscribeThroughApi } from '../../../../tests/support/subscribe.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';
import { createTestApp } from '../../../../tests/support/test-app.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { OWN_REFERRAL_MESSAGE, REFERRAL_MONTHLY_LIMIT, UNKNOWN_REFERRAL_MESSAGE } from './referrals.ts';

const SECRET = 'referral-drain-secret';
const REWARD = PLANS.monthly.priceCents;
let t: TestApp;
let admin: Agent;
beforeAll(async () => {
  t = await createTestApp({ MAIL_DRAIN_SECRET: SECRET });
  admin = await t.signIn(TEST_ADMIN);
});
afterAll(() => t.close());

let ip = 0;
const freshAgent = () => t.agent(`198.51.100.${++ip}`);
const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) => asService(t.database, (q) => q<T>(text, params));

/** A member who subscribed monthly, with `referralCode` when given. */
async function member(email: string, referralCode?: string) {
  const agent = freshAgent();
  const done = (await subscribeThroughApi(agent, { email, name: 'Rory Referral', password: 'secret123', ...(referralCode ? { referralCode } : {}) })).completed!;
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { agent, userId: done.body.user.id as string };
}

const linkOf = async (agent: Agent) => {
  const res = await agent.get('/api/member/referral');
  expect(res.status).toBe(200);
  return res.body as { code: string; url: string; invited: number; rewarded: number; pendingCents: number; earnedCents: number };
};
const creditOf = async (agent: Agent) => (await agent.get('/api/subscription/details')).body.accountCreditCents as number;
/** The invited member's first payment, 8 days old: the 7 days have passed. */
const backdate = (userId: string) => sql(`update public.payments set paid_at = now() - interval '8 days' where user_id = $1`, [userId]);
const runJob = () => t.agent().request('POST', '/api/internal/referral-rewards', undefined, { 'x-drain-secret': SECRET });
/** The membership's time ran out (as the counter tests end one). */
const endMembership = (userId: string) => sql(
  `update public.subscriptions set current_period_start = now() - interval '2 days', current_period_end = now() - interval '1 second' where user_id = $1`, [userId]);
const statusOf = async (invitedId: string) =>
  (await sql<{ status: string; refusal: string | null }>(`select status, refusal from public.referrals where invited_id = $1`, [invitedId]))[0];

describe('the invite link', () => {
  it('is one code per member, made on first use, with a /subscribe?ref= link and no counts yet', async () => {
    const { agent } = await member('link-owner@example.com');
    const first = await linkOf(agent);
    expect(first.code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);
    expect(first.url).toBe(`http://localhost:3000/subscribe?ref=${first.code}`);
    expect(first).toMatchObject({ invited: 0, rewarded: 0, pendingCents: 0, earnedCents: 0 });
    expect((await linkOf(agent)).code).toBe(first.code);
    expect((await freshAgent().get('/api/member/referral')).status).toBe(401);
    expect((await admin.get('/api/member/referral')).status).toBe(403);
  });
});

describe('a checkout with an invite code', () => {
  it('refuses an unknown code, and one\'s own, with words for people and before any payment starts', async () => {
    const unknown = await freshAgent().post('/api/create-subscription', { email: 'unknown-code@example.com', name: 'U', password: 'secret123', plan: 'monthly', referralCode: 'ZZZZ2222' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(UNKNOWN_REFERRAL_MESSAGE);
    expect((await freshAgent().post('/api/create-subscription', { email: 'bad-code@example.com', name: 'U', password: 'secret123', referralCode: 'no!' })).status).toBe(400);
    expect(await sql(`select 1 from private.checkouts where email in ('unknown-code@example.com', 'bad-code@example.com')`)).toEqual([]);

    // The upgrade path: a signed-in account without a plan, with its own code.
    const { agent, userId } = await member('own-upgrade@example.com');
    const { code } = await linkOf(agent);
    await endMembership(userId);
    const own = await agent.post('/api/create-subscription', { plan: 'monthly', referralCode: code.toLowerCase() });
    expect(own.status).toBe(400);
    expect(own.body.message).toBe(OWN_REFERRAL_MESSAGE);
  });

  it('rewards both sides once the first payment has stood 7 days, and the next renewal charges less', async () => {
    const referrer = await member('referrer@example.com');
    const { code } = await linkOf(referrer.agent);
    const friend = await member('friend@example.com', code);
    expect(await linkOf(referrer.agent)).toMatchObject({ invited: 1, rewarded: 0, pendingCents: REWARD, earnedCents: 0 });
    expect(await linkOf(friend.agent)).toMatchObject({ invited: 0, pendingCents: REWARD, earnedCents: 0 });

    // Before the 7 days: nothing.
    expect((await runJob()).body).toMatchObject({ rewarded: 0 });
    expect(await statusOf(friend.userId)).toEqual({ status: 'pending', refusal: null });

    await backdate(friend.userId);
    expect((await runJob()).body).toMatchObject({ rewarded: 1 });
    expect((await runJob()).body).toMatchObject({ rewarded: 0 });
    expect(await statusOf(friend.userId)).toEqual({ status: 'rewarded', refusal: null });
    expect(await creditOf(referrer.agent)).toBe(REWARD);
    expect(await creditOf(friend.agent)).toBe(REWARD);
    expect(await linkOf(referrer.agent)).toMatchObject({ invited: 1, rewarded: 1, pendingCents: 0, earnedCents: REWARD });

    // The friend's next payment takes the credit: a monthly renewal of exactly the reward costs nothing more.
    const renewal = await friend.agent.post('/api/test-payments/renewal', { outcome: 'succeed' });
    expect(renewal.status).toBe(200);
    expect(await creditOf(friend.agent)).toBe(0);
    // The credit stays on the account once taken: a refund of the first payment now takes back nothing of it.
    await admin.post(`/api/admin/payments/${(await paymentIdOf(friend.userId))}/refund`, { amountCents: 100, reason: 'Goodwill' });
    expect(await sql(`select amount_cents from public.account_credits where user_id = $1 and reason = 'referral_taken_back'`, [friend.userId])).toEqual([]);
    // …but the referrer's unused reward is taken back.
    expect(await creditOf(referrer.agent)).toBe(0);
    expect(await statusOf(friend.userId)).toEqual({ status: 'taken_back', refusal: null });
  });

  it('is kept with the checkout on the upgrade path (pass → plan)', async () => {
    const referrer = await member('upgrade-referrer@example.com');
    const { code } = await linkOf(referrer.agent);
    const agent = freshAgent();
    const pass = (await subscribeThroughApi(agent, { email: 'pass-holder@example.com', name: 'Pat Pass', password: 'secret123' }, { plan: 'weekend' })).completed!;
    const passHolder = pass.body.user.id as string;
    await endMembership(passHolder);
    const upgraded = (await subscribeThroughApi(agent, { referralCode: code }, { plan: 'monthly', upgrade: true })).completed!;
    expect(upgraded.status).toBe(200);
    const [referral] = await sql<{ referrer_id: string; amount_cents: number }>(
      `select f.referrer_id, p.amount_cents from public.referrals f join public.payments p on p.id = f.payment_id where f.invited_id = $1`, [passHolder]);
    expect(referral).toEqual({ referrer_id: referrer.userId, amount_cents: PLANS.monthly.priceCents });
  });

  it('gives nothing for one person\'s own accounts: the same mailbox, or the same card', async () => {
    const owner = await member('sam.same+main@example.com');
    const { code } = await linkOf(owner.agent);
    const second = await member('sam.same+second@example.com', code);
    const gmail = await member('gina.g@gmail.com');
    const gmailCode = (await linkOf(gmail.agent)).code;
    const dotted = await member('g.i.n.a.g@googlemail.com', gmailCode);
    // The test provider gives no card fingerprint; Stripe does (stripe-provider.ts): here as Stripe would note it.
    const carded = await member('card-owner@example.com');
    const cardedFriend = await member('card-friend@example.com', (await linkOf(carded.agent)).code);
    await t.database.admin.query(`insert into private.card_fingerprints (user_id, fingerprint) values ($1, 'fp_same'), ($2, 'fp_same')`,
      [carded.userId, cardedFriend.userId]);
    for (const invited of [second, dotted, cardedFriend]) await backdate(invited.userId);
    await runJob();
    for (const invited of [second, dotted, cardedFriend]) {
      expect(await statusOf(invited.userId)).toEqual({ status: 'refused', refusal: 'own_account' });
      expect(await creditOf(invited.agent)).toBe(0);
    }
    expect(await creditOf(owner.agent)).toBe(0);
    expect(await linkOf(owner.agent)).toMatchObject({ invited: 1, rewarded: 0, pendingCents: 0, earnedCents: 0 });
  });

  it(`credits the referrer at most ${REFERRAL_MONTHLY_LIMIT} times a month; the friends past that still get theirs`, async () => {
    const busy = await member('busy-referrer@example.com');
    const { code } = await linkOf(busy.agent);
    const friends = [];
    for (let i = 0; i <= REFERRAL_MONTHLY_LIMIT; i++) friends.push(await member(`busy-friend-${i}@example.com`, code));
    for (const friend of friends) await backdate(friend.userId);
    expect((await runJob()).body).toMatchObject({ rewarded: REFERRAL_MONTHLY_LIMIT + 1 });
    expect(await creditOf(busy.agent)).toBe(REFERRAL_MONTHLY_LIMIT * REWARD);
    expect(await creditOf(friends.at(-1)!.agent)).toBe(REWARD);
    expect(await linkOf(busy.agent)).toMatchObject({ invited: REFERRAL_MONTHLY_LIMIT + 1, rewarded: REFERRAL_MONTHLY_LIMIT, earnedCents: REFERRAL_MONTHLY_LIMIT * REWARD });
  });

  it('refuses a referral whose payment was refunded or disputed in the 7 days, and takes back an unused reward later', async () => {
    const referrer = await member('claw-referrer@example.com');
    const { code } = await linkOf(referrer.agent);
    const refunded = await member('claw-refunded@example.com', code);
    const disputed = await member('claw-disputed@example.com', code);
    const later = await member('claw-later@example.com', code);

    await admin.post(`/api/admin/payments/${await paymentIdOf(refunded.userId)}/refund`, { amountCents: 250, reason: 'Changed mind' });
    expect((await admin.post(`/api/admin/payments/${await paymentIdOf(disputed.userId)}/test-dispute`, { action: 'open' })).status).toBe(200);
    for (const invited of [refunded, disputed, later]) await backdate(invited.userId);
    expect((await runJob()).body).toMatchObject({ rewarded: 1 });
    expect(await statusOf(refunded.userId)).toEqual({ status: 'refused', refusal: 'refunded' });
    expect(await statusOf(disputed.userId)).toEqual({ status: 'refused', refusal: 'disputed' });
    expect(await creditOf(referrer.agent)).toBe(REWARD);

    // The referrer spends part of the reward; then the friend's first payment is refunded: only what is left goes.
    await sql(`select private.apply_account_credit($1, 400, 'in_claw_spent')`, [referrer.userId]);
    await admin.post(`/api/admin/payments/${await paymentIdOf(later.userId)}/refund`, { reason: 'Charged twice' });
    expect(await statusOf(later.userId)).toEqual({ status: 'taken_back', refusal: null });
    expect(await creditOf(referrer.agent)).toBe(0);
    expect(await creditOf(later.agent)).toBe(0);
    expect(await sql(`select user_id, amount_cents from public.account_credits where reason = 'referral_taken_back' and user_id = any($1) order by amount_cents`,
      [[referrer.userId, later.userId]])).toEqual([
      { user_id: later.userId, amount_cents: -REWARD },
      { user_id: referrer.userId, amount_cents: -(REWARD - 400) },
    ]);
    expect(await linkOf(referrer.agent)).toMatchObject({ invited: 3, rewarded: 0, earnedCents: 400 });
  });

  it('has a test-mode control: the 7 days of the caller\'s own pending referral pass now', async () => {
    const referrer = await member('week-referrer@example.com');
    const friend = await member('week-friend@example.com', (await linkOf(referrer.agent)).code);
    expect((await referrer.agent.post('/api/test-payments/referral-week')).body).toEqual({ rewarded: 0 });
    expect(await statusOf(friend.userId)).toEqual({ status: 'pending', refusal: null });
    expect((await friend.agent.post('/api/test-payments/referral-week')).body).toEqual({ rewarded: 1 });
    expect([await creditOf(referrer.agent), await creditOf(friend.agent)]).toEqual([REWARD, REWARD]);
  });

  it('is run only by the scheduled caller with the secret', async () => {
    expect((await t.agent().request('POST', '/api/internal/referral-rewards')).status).toBe(403);
    expect((await t.agent().request('POST', '/api/internal/referral-rewards', undefined, { 'x-drain-secret': 'wrong' })).status).toBe(403);
  });
});

async function paymentIdOf(userId: string) {
  const [row] = await sql<{ id: string }>(`select id from public.payments where user_id = $1 order by paid_at limit 1`, [userId]);
  return row!.id;
}
