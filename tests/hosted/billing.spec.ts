// The hosted rehearsal's billing journey (issue 27, decisions 170-172): the deployed function configured
// with Stripe (the stack's second instance; its https://api.stripe.com requests reach the Stripe double run
// here), Stripe's events signed with the endpoint's secret and delivered to the function's webhook as Stripe
// would, mail through Resend. The card form itself is Stripe.js (js.stripe.com, not reachable here): what it
// does is the double's pay/confirmSetup; everything the app shows is checked in Chromium.
//   renewal fails → banner and email → card updated → retry paid → access kept;
//   refund → charity totals net; dispute opened → access suspended;
//   a referral (decision 200): after 7 days both customers get a balance credit; the friend's renewal charges less.
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import postgres from 'postgres';
import Stripe from 'stripe';
import { TEST_ADMIN } from '../support/constants.ts';
import { prepareStripeAccount } from '../support/stripe-account.ts';
import { startStripeDouble, type StripeDouble } from '../support/stripe-double.ts';
import { signIn, uniqueEmail } from '../e2e/support.ts';
import { rehearsalUrl } from './names.ts';
import { HOSTED_PORTS, HOSTED_SECRETS } from './ports.ts';

const site = `http://127.0.0.1:${HOSTED_PORTS.billingSite}`;
const LYONS = { city: 'Lyons, Colorado', charity: 'Lyons Youth Sports' };
let double: StripeDouble;

test.beforeAll(async () => {
  double = await startStripeDouble({ port: HOSTED_PORTS.stripe });
  // As the operator does once per account: `npm run stripe:setup` (prices by lookup key, the webhook endpoint).
  await prepareStripeAccount(double, `${site}/api/stripe/webhook`);
});
test.afterAll(async () => { await double.close(); });

/** Delivers Stripe's events since `from`, in Stripe's order, signed as Stripe signs them; returns outcomes by type. */
async function deliverSince(from: number) {
  const outcomes: Record<string, string> = {};
  for (const event of double.events.slice(from)) {
    const payload = JSON.stringify(event);
    const signature = Stripe.webhooks.generateTestHeaderString({ payload, secret: HOSTED_SECRETS.stripeWebhookSecret });
    const res = await fetch(`${site}/api/stripe/webhook`, {
      method: 'POST', body: payload, headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    outcomes[event.type] = ((await res.json()) as { outcome: string }).outcome;
  }
  return outcomes;
}

const mailsTo = async (email: string) =>
  ((await (await fetch(`http://127.0.0.1:${HOSTED_PORTS.supabase}/__rehearsal/mail`)).json()) as { to: string[]; subject: string; text?: string }[])
    .filter((m) => m.to.includes(email));

async function ids(api: APIRequestContext) {
  const cities = (await (await api.get('/api/cities')).json()) as { id: string; name: string; state: string }[];
  const city = cities.find((c) => `${c.name}, ${c.state}` === LYONS.city)!;
  const charities = (await (await api.get(`/api/charities?cityId=${city.id}`)).json()) as { id: string; name: string }[];
  return { homeCityId: city.id, preferredCharityId: charities.find((c) => c.name === LYONS.charity)!.id };
}

/** A member who subscribed monthly with Stripe ($9.99, $1.00 to Lyons Youth Sports); their API context is signed in. */
async function stripeMember(prefix: string, { plan = 'monthly', referralCode }: { plan?: string; referralCode?: string } = {}) {
  const email = uniqueEmail(prefix);
  const api = await request.newContext({ baseURL: site });
  const account = { email, name: 'Billie Hosted', password: 'secret123', ...(await ids(api)) };
  const created = await api.post('/api/create-subscription', { data: { ...account, plan, ...(referralCode ? { referralCode } : {}) } });
  expect(created.status(), await created.text()).toBe(200);
  const { paymentIntentId, customerId, subscriptionId } = await created.json();
  const from = double.events.length;
  double.pay(paymentIntentId); // what Stripe.js confirmPayment does with a good card
  const done = await api.post('/api/complete-subscription', { data: { ...account, paymentIntentId, customerId, plan } });
  expect(done.status(), await done.text()).toBe(200);
  await deliverSince(from);
  return { email, api, paymentIntentId: paymentIntentId as string, subscriptionId: subscriptionId as string, customerId: customerId as string };
}

const impactOf = async (api: APIRequestContext) => (await (await api.get('/api/impact')).json()) as { monthCents: number; totalCents: number };

test.use({ baseURL: site });

test('a renewal fails: banner and mail; the card is updated and the retry paid; access kept', async ({ page }) => {
  const m = await stripeMember('hosted-dunning');
  const from = double.events.length;
  const invoice = double.failRenewal(m.subscriptionId);
  expect((await deliverSince(from))['invoice.payment_failed']).toBe('payment-failure-recorded');

  // The member keeps access through the grace period and is told, on /app and /profile, and by mail.
  expect(await (await m.api.get('/api/subscription/details')).json()).toMatchObject({ status: 'past_due', isActive: true });
  await signIn(page, { email: m.email, password: 'secret123' });
  await expect(page).toHaveURL(/\/app$/);
  const banner = page.getByRole('alert', { name: 'Payment problem' });
  await expect(banner.getByRole('heading', { name: 'Your renewal payment failed' })).toBeVisible();
  await banner.getByRole('link', { name: 'Update card' }).click();
  await expect(page).toHaveURL(/\/profile#billing$/);
  await expect(page.getByRole('alert', { name: 'Payment problem' })).toBeVisible();
  await expect.poll(async () => (await mailsTo(m.email)).map((mail) => mail.subject), { timeout: 20_000 })
    .toContain('Your Pay Local renewal payment failed');
  expect(invoice.status).toBe('open');

  // The card: a SetupIntent (the Payment Element confirms it at Stripe), then the open invoice is paid with it.
  const setup = await m.api.post('/api/subscription/card');
  expect(await setup.json()).toMatchObject({ provider: 'stripe', publishableKey: HOSTED_SECRETS.stripePublishableKey });
  const { setupIntentId } = await setup.json();
  double.confirmSetup(setupIntentId);
  const paidFrom = double.events.length;
  const saved = await m.api.post('/api/subscription/card/complete', { data: { setupIntentId } });
  expect(await saved.json()).toMatchObject({ cardLabel: expect.stringMatching(/^Visa •••• 4242, expires \d{2}\/\d{4}$/), retry: 'paid' });
  expect((await deliverSince(paidFrom))['invoice.paid']).toBe('payment-recorded');

  // Access kept, the banner gone (the profile reads the membership afresh; /app then shows the same), two payments.
  expect(await (await m.api.get('/api/subscription/details')).json()).toMatchObject({ status: 'active', isActive: true, graceEndsAt: null });
  await page.reload();
  await expect(page.getByText('Visa •••• 4242')).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Payment problem' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Back', exact: true }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('alert', { name: 'Payment problem' })).toHaveCount(0);
  expect((await (await m.api.get('/api/subscription/payments')).json()).lines).toHaveLength(2);
  await m.api.dispose();
});

test('a refund nets the charity totals; a dispute suspends access', async () => {
  const admin = await request.newContext({ baseURL: site });
  expect((await admin.post('/api/auth/login', { data: { email: TEST_ADMIN.email, password: TEST_ADMIN.password } })).status()).toBe(200);

  // ---- refund from the admin's user table: Stripe refunds, the charge.refunded it causes changes nothing more ----
  const before = await impactOf(admin);
  const refunded = await stripeMember('hosted-refund');
  const paid = await impactOf(admin);
  expect(paid.totalCents - before.totalCents).toBe(100);
  const me = (await (await refunded.api.get('/api/auth/me')).json()).user as { id: string };
  const { payments } = await (await admin.get(`/api/admin/payments?userId=${me.id}`)).json() as { payments: { id: string }[] };
  const from = double.events.length;
  const res = await admin.post(`/api/admin/payments/${payments[0].id}/refund`, { data: { reason: 'Moved away' } });
  expect(await res.json()).toMatchObject({ outcome: 'recorded', charityCents: 100, membershipEnded: true });
  expect((await deliverSince(from))['charge.refunded']).toBe('already-recorded');
  expect(await impactOf(admin)).toMatchObject({ totalCents: before.totalCents });
  expect(await (await refunded.api.get('/api/subscription/status')).json()).toEqual({ isActive: false });

  // ---- a dispute opened at the bank: access suspended at once, the admin told ----
  const disputed = await stripeMember('hosted-dispute');
  expect(await (await disputed.api.get('/api/subscription/status')).json()).toEqual({ isActive: true });
  const disputeFrom = double.events.length;
  double.dispute(disputed.paymentIntentId, 'needs_response');
  expect(Object.keys(await deliverSince(disputeFrom))).toContain('charge.dispute.created');
  expect(await (await disputed.api.get('/api/subscription/status')).json()).toEqual({ isActive: false });
  await expect.poll(async () => (await mailsTo(TEST_ADMIN.email)).map((mail) => mail.subject), { timeout: 20_000 })
    .toContain('A payment dispute was opened ($9.99)');
  await Promise.all([admin.dispose(), refunded.api.dispose(), disputed.api.dispose()]);
});

test('a referral: after 7 days both Stripe customers get a balance credit, and the friend\'s renewal charges less', async () => {
  const referrer = await stripeMember('hosted-referrer');
  const { code } = (await (await referrer.api.get('/api/member/referral')).json()) as { code: string };
  const friend = await stripeMember('hosted-friend', { plan: 'yearly', referralCode: code });
  // The 7 days pass: the friend's first payment is moved back, as the billing tests do.
  const sql = postgres(rehearsalUrl(process.env.TEST_DATABASE_URL!), { max: 1, onnotice: () => {} });
  await sql`update public.payments p set paid_at = p.paid_at - interval '8 days' from public.profiles u where u.id = p.user_id and u.email = ${friend.email}`;
  await sql.end();

  // The hourly Cron job, run now: both sides credited, and the credits carried to Stripe as customer balance.
  const transactions = double.balanceTransactions.length;
  const run = await fetch(`http://127.0.0.1:${HOSTED_PORTS.supabase}/__rehearsal/cron/billing/referral-rewards`, { method: 'POST' });
  expect(await run.json()).toMatchObject({ rewarded: 1 });
  const credit = 999;
  expect(double.balanceTransactions.slice(transactions).map((b) => [b.customer, b.amount]))
    .toEqual(expect.arrayContaining([[referrer.customerId, -credit], [friend.customerId, -credit]]));
  for (const m of [referrer, friend]) expect(await (await m.api.get('/api/subscription/details')).json()).toMatchObject({ accountCreditCents: credit });
  expect(await (await referrer.api.get('/api/member/referral')).json()).toMatchObject({ invited: 1, rewarded: 1, earnedCents: credit });

  // Stripe takes the credit off the friend's next (yearly) invoice; invoice.paid reports it and the ledger follows.
  const from = double.events.length;
  const invoice = double.renew(friend.subscriptionId);
  expect(invoice).toMatchObject({ amount_paid: 10_000 - credit });
  expect((await deliverSince(from))['invoice.paid']).toBe('payment-recorded');
  expect(await (await friend.api.get('/api/subscription/details')).json()).toMatchObject({ accountCreditCents: 0 });
  const { lines } = (await (await friend.api.get('/api/subscription/payments')).json()) as { lines: { kind: string; amountCents: number }[] };
  expect(lines.filter((l) => l.kind === 'charge').map((l) => l.amountCents)).toContain(10_000 - credit);
  await Promise.all([referrer.api.dispose(), friend.api.dispose()]);
});

test('a gift is paid once with a one-off PaymentIntent; its receipt is mailed and its share counted (decision 201)', async () => {
  const api = await request.newContext({ baseURL: site });
  const admin = await request.newContext({ baseURL: site });
  expect((await admin.post('/api/auth/login', { data: { email: TEST_ADMIN.email, password: TEST_ADMIN.password } })).status()).toBe(200);
  const before = await impactOf(admin);
  const buyerEmail = uniqueEmail('hosted-gift-buyer');
  const bought = await api.post('/api/gifts', {
    data: { months: 3, recipientEmail: uniqueEmail('hosted-gift'), deliverOn: new Date().toISOString().slice(0, 10), buyerEmail, buyerName: 'Gwen Hosted' },
  });
  expect(bought.status(), await bought.text()).toBe(200);
  const { paymentIntentId, clientSecret, amountCents } = await bought.json();
  expect(amountCents).toBe(2997);
  expect(double.paymentIntents.get(paymentIntentId)).toMatchObject({ amount: 2997, client_secret: clientSecret, receipt_email: buyerEmail });
  const from = double.events.length;
  double.pay(paymentIntentId); // what Stripe.js confirmPayment does with a good card
  const done = await api.post('/api/gifts/complete', { data: { paymentIntentId } });
  expect(done.status(), await done.text()).toBe(200);
  expect((await done.json()).gift).toMatchObject({ months: 3, state: 'paid' });
  expect(await deliverSince(from)).toEqual({ 'payment_intent.succeeded': 'ignored' });
  expect((await impactOf(admin)).totalCents - before.totalCents).toBe(300);
  await expect.poll(async () => (await mailsTo(buyerEmail)).map((mail) => mail.subject), { timeout: 20_000 })
    .toContain('Your receipt: a 3-month Pay Local gift');
  await Promise.all([api.dispose(), admin.dispose()]);
});
