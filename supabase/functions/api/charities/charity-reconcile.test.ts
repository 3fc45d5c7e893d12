// Every cent of the 10% is accounted for (issue 27, decision 172): members with a chosen charity, a
// city default, no charity at all (the general fund), a charity whose city then closed; a partial
// refund, a lost dispute, and a refund in a later month of a payment of a past month. The members'
// profiles, /impact, the admin's figures and charities, and every monthly statement add up to the
// same cents; a past month's statement does not change when a later refund is made.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { startAdminTestApp } from '../../../../tests/support/admin-accounts.ts';
import type { Agent, TestApp } from '../../../../tests/support/test-app.ts';
import { subscribeThroughApi } from '../../../../tests/support/subscribe.ts';
import { asService } from '../../../../tests/support/test-database.ts';

let t: TestApp;
let admin: Agent;
beforeAll(async () => ({ t, admin } = await startAdminTestApp()));
afterAll(() => t.close());

let ip = 0;
async function member(email: string, extra: Record<string, unknown>, plan = 'monthly') {
  const agent = t.agent(`198.51.100.${++ip}`);
  const account = { email, name: 'Cent Counter', password: 'secret123', ...extra };
  const done = (await subscribeThroughApi(agent, account, { plan })).completed!;
  expect(done.status).toBe(200);
  const userId = done.body.user.id as string;
  const payments = (await admin.get(`/api/admin/payments?userId=${userId}`)).body.payments as { id: string }[];
  return { agent, userId, paymentId: payments[0].id };
}

const thisMonth = new Date().toISOString().slice(0, 7);
const lastMonthStart = () => { const d = new Date(); return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - 1, 15)); };
const cents = (decimal: string) => Math.round(Number(decimal) * 100);

/** A statement's total share (the second-to-last column of its Total row). */
async function statementShare(id: string, month: string) {
  const res = await admin.get(`/api/admin/charities/${id}/statement?month=${month}`);
  expect(res.status).toBe(200);
  const total = (res.body as string).split('\r\n').find((line) => line.startsWith('Total,'))!;
  const fields = total.split(',');
  return { csv: res.body as string, share: cents(fields[8]) };
}

it('the profiles, /impact, the admin figures and the monthly statements reconcile to the cent', async () => {
  // Chosen charity (watershed, $99.99 yearly → $10.00); city default (Lyons, $9.99 → $1.00); no city and no
  // charity (general fund, $9.99 → $1.00); a Longmont member whose city then closes ($9.99 → $1.00).
  const chose = await member('chose@example.com', { homeCityId: SEED.lyonsId, preferredCharityId: 'ca000000-0000-4000-8000-000000000003' }, 'yearly');
  const byDefault = await member('default@example.com', { homeCityId: SEED.lyonsId });
  const noCharity = await member('nowhere@example.com', {});
  const closed = await member('longmont@example.com', { homeCityId: SEED.longmontId });
  const details = async (a: Agent) => (await a.get('/api/subscription/details')).body as { charityGivenCents: number; charityName: string | null };
  expect(await details(noCharity.agent)).toMatchObject({ charityGivenCents: 100 });

  // A payment of last month (a renewal of the default member), and its statement as it was then.
  const [renewal] = await asService(t.database, (q) => q<{ id: string }>(
    `insert into public.payments (user_id, subscription_id, provider, provider_invoice_id, provider_payment_intent_id, amount_cents, charity_share_bps, charity_share_cents, paid_at)
     select user_id, subscription_id, 'test', 'in_last_month', 'pi_test_last_month', 999, 1000, 0, $2 from public.payments where id = $1 returning id`,
    [byDefault.paymentId, lastMonthStart()]));
  const lastMonth = lastMonthStart().toISOString().slice(0, 7);
  const [{ charity_id: lyonsDefault }] = await asService(t.database, (q) => q<{ charity_id: string }>(
    `select charity_id from public.payments where id = $1`, [renewal.id]));
  const before = await statementShare(lyonsDefault, lastMonth);

  // Money back: part of the general fund's payment, a lost dispute of the watershed's, last month's payment refunded now.
  expect((await admin.post(`/api/admin/payments/${noCharity.paymentId}/refund`, { amountCents: 333, reason: 'Partial' })).body.charityCents).toBe(33);
  await admin.post(`/api/admin/payments/${chose.paymentId}/test-dispute`, { action: 'open' });
  expect((await admin.post(`/api/admin/payments/${chose.paymentId}/test-dispute`, { action: 'lose' })).body.charityCents).toBe(1000);
  expect((await admin.post(`/api/admin/payments/${renewal.id}/refund`, { reason: 'Billed after cancelling' })).body.charityCents).toBe(100);
  expect((await admin.patch(`/api/admin/cities/${SEED.longmontId}`, { active: false })).status).toBe(200);

  // A past month's statement stays what it was; the refund appears in this month's.
  const after = await statementShare(lyonsDefault, lastMonth);
  expect(after.csv).toBe(before.csv);
  expect(after.share).toBe(100);
  expect((await statementShare(lyonsDefault, thisMonth)).csv).toMatch(/,Refund,.*,-9\.99,USD,10\.00,-1\.00,/);

  // The ledger, the one source.
  const [ledger] = await asService(t.database, (q) => q<{ total: number; month: number }>(
    `select sum(cents)::int as total,
            (sum(cents) filter (where booked_at >= date_trunc('month', now() at time zone 'UTC') at time zone 'UTC'))::int as month
       from public.charity_ledger`));
  // Seed 100 + 1000 − 1000 + 100 + (100 − 33) + 100 + last month 100 − 100.
  expect(ledger).toEqual({ total: 367, month: 267 });

  // Profiles: every paying member's "given to local charities".
  const seedMember = await t.signIn(SEED.member, '198.51.100.250');
  const payers = await asService(t.database, (q) => q<{ user_id: string }>(`select distinct user_id from public.payments`));
  const agents = [seedMember, chose.agent, byDefault.agent, noCharity.agent, closed.agent];
  expect(payers.length).toBe(agents.length);
  let profiles = 0;
  for (const a of agents) profiles += (await details(a)).charityGivenCents;

  // /impact: totals, every entry (the closed city's charity and the general fund included).
  const impact = (await t.agent().get('/api/impact')).body as {
    monthCents: number; totalCents: number; charities: { id: string; kind: string; cityActive: boolean; monthCents: number; totalCents: number }[] };
  expect(impact.charities.find((c) => c.id === SEED.longmontCharityId)).toMatchObject({ cityActive: false, totalCents: 100 });
  expect(impact.charities.find((c) => c.kind === 'general-fund')).toMatchObject({ id: 'general-fund', totalCents: 67, monthCents: 67 });
  const entries = impact.charities.reduce((sum, c) => sum + c.totalCents, 0);
  const entriesMonth = impact.charities.reduce((sum, c) => sum + c.monthCents, 0);

  // The admin: the platform figures per month, and the charities' totals plus the general fund.
  const insights = (await admin.get('/api/admin/insights')).body as { months: string[]; charityShareCents: number[] };
  const platform = insights.charityShareCents.reduce((sum, n) => sum + n, 0);
  const charities = (await admin.get('/api/admin/charities')).body as { id: string; totalGivenCents: number }[];

  // Every monthly statement of every charity and of the general fund, over the admin's months.
  let statements = 0;
  let statementsThisMonth = 0;
  for (const id of [...charities.map((c) => c.id), 'general-fund']) {
    for (const month of insights.months) {
      const { share } = await statementShare(id, month);
      statements += share;
      if (month === thisMonth) statementsThisMonth += share;
    }
  }

  expect({
    profiles, impact: impact.totalCents, entries, platform, statements,
    adminCharities: charities.reduce((sum, c) => sum + c.totalGivenCents, 0) + 67,
  }).toEqual({ profiles: 367, impact: 367, entries: 367, platform: 367, statements: 367, adminCharities: 367 });
  expect({ impact: impact.monthCents, entries: entriesMonth, platform: insights.charityShareCents.at(-1), statements: statementsThisMonth })
    .toEqual({ impact: 267, entries: 267, platform: 267, statements: 267 });
});
