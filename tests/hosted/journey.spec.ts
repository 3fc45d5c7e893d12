// The hosted rehearsal's journey in Chromium, on the web host's origin (another origin than the
// function's): subscribe → sign in → member deals → upload a profile picture → a realtime notification.
import { expect, test, type Page } from '@playwright/test';
import postgres from 'postgres';
import { userTopic } from '../../supabase/functions/_shared/contract/realtime.ts';
import { generateDeviceKey, passStepAt, signPass } from '../../supabase/functions/_shared/member-pass.ts';
import { passCertificateBody } from '../e2e/counter-support.ts';
import { expectToast, fillAccountFields, postBusinessUpdate, signIn, uniqueEmail } from '../e2e/support.ts';
import { rehearsalUrl } from './names.ts';
import { HOSTED_PORTS, HOSTED_SECRETS } from './ports.ts';
import { verifyToken } from './realtime-double.ts';

const PNG_1x1 = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const MARKET = { name: 'St. Vrain Market', owner: { email: 'market@paylocal.local', password: 'merchant12345' }, deal: '15% Off Fishing Gear' };

const sql = postgres(rehearsalUrl(process.env.TEST_DATABASE_URL!), { max: 1, onnotice: () => {} });
test.afterAll(() => sql.end({ timeout: 2 }));

/** The project's public signing keys, where Supabase publishes them (the stack serves them). */
async function projectJwks(url: string) {
  return (await (await fetch(`${url}/auth/v1/.well-known/jwks.json`)).json()).keys;
}

/**
 * Realtime's join check, on the rehearsal database: as supabase_admin would, store a probe on the topic;
 * then, as the token's role and claims with realtime.topic set, see whether the policies let it be read.
 * Always rolled back.
 */
async function realtimeAdmits(claims: Record<string, unknown>, topic: string): Promise<boolean> {
  let allowed = false;
  await sql.begin(async (tx) => {
    const [probe] = await tx<{ id: string }[]>`
      insert into realtime.messages (topic, extension, event, payload, private)
      values (${topic}, 'broadcast', 'probe', '{}'::jsonb, true) returning id`;
    await tx`select set_config('role', ${String(claims.role)}, true), set_config('request.jwt.claims', ${JSON.stringify(claims)}, true),
                    set_config('realtime.topic', ${topic}, true)`;
    allowed = (await tx`select 1 from realtime.messages where id = ${probe.id}`).length > 0;
    throw new Error('rollback');
  }).catch((e: Error) => { if (e.message !== 'rollback') throw e; });
  return allowed;
}

async function subscribe(page: Page, email: string) {
  await page.goto('/subscribe');
  await fillAccountFields(page, { name: 'Hana Hosted', email: email, password: 'secret123' });
  await page.getByLabel('Home city').selectOption({ label: 'Lyons, Colorado' });
  await page.getByLabel('Preferred charity').selectOption({ label: 'Lyons Youth Sports' });
  await page.getByRole('button', { name: 'Continue to Payment' }).click();
  // ALLOW_TEST_PAYMENTS=true: the deployed function uses the built-in test provider, and says so.
  await expect(page.getByText('Test mode — no real card is charged')).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM / YY)').fill('12 / 34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: /^Pay \$/ }).click();
  await expect(page).toHaveURL(/\/app$/);
  await expectToast(page, 'Welcome to Pay Local!');
}

test('subscribe → sign in → member deals → upload → realtime notification, through the rewrite proxy', async ({ browser, page, baseURL }) => {
  const email = uniqueEmail('hosted');

  // ---- subscribe (the first POSTs pass the Origin check: SITE_URL names this origin) -------
  await subscribe(page, email);
  const me = (await (await page.request.get('/api/auth/me')).json()).user as { id: string; subscriptionStatus: string };
  expect(me.subscriptionStatus).toBe('active');

  expect(new URL(page.url()).origin).toBe(baseURL);
  // Through the same rewrite, a state-changing call from another site is refused (the Origin check).
  const foreign = await page.request.post('/api/auth/login', {
    headers: { origin: 'https://elsewhere.example' }, data: { email, password: 'secret123' },
  });
  expect(foreign.status()).toBe(403);

  // ---- mail: the receipt and the verification link leave through Resend, drained as Supabase Cron would ----
  const mailTo = async (subject: string) => {
    const delivered = await (await fetch(`http://127.0.0.1:${HOSTED_PORTS.supabase}/__rehearsal/mail`)).json() as
      { to: string[]; subject: string; text?: string }[];
    return delivered.find((m) => m.to.includes(email) && m.subject === subject) ?? null;
  };
  await expect.poll(() => mailTo('Your Pay Local receipt'), { timeout: 20_000 }).not.toBeNull();
  expect((await mailTo('Your Pay Local receipt'))!.text).toMatch(/\(10%\) goes to Lyons Youth Sports/);
  await expect.poll(async () => (await mailTo('Confirm your email address for Pay Local'))?.text ?? '', { timeout: 20_000 })
    .toContain(`${baseURL}/verify-email?token=`);

  // ---- sign in again in a fresh browser --------------------------------------------------------
  const context = await browser.newContext();
  const member = await context.newPage();
  await signIn(member, { email, password: 'secret123' });
  await expect(member).toHaveURL(/\/app$/);

  // ---- member deals: the seeded Lyons deals, with the member's access ----------------------------
  const card = member.getByRole('article', { name: MARKET.deal });
  await expect(card).toBeVisible();

  // ---- upload: profile picture through Storage (bucket from the migrations), shown via /objects ----
  await member.getByRole('link', { name: 'Profile' }).click();
  await member.getByLabel('Profile picture file').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG_1x1 });
  await expectToast(member, 'Profile picture updated');
  const img = member.getByRole('img', { name: 'Your profile picture' });
  await expect(img).toHaveAttribute('src', /^\/objects\/profile-pictures\//);
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBe(1);
  const src = (await img.getAttribute('src'))!;
  const [object] = await sql<{ bucket_id: string }[]>`select bucket_id from storage.objects where name = ${src.slice('/objects/'.length)}`;
  expect(object?.bucket_id).toBe('objects');

  // ---- realtime: follow St. Vrain Market; its owner posts an update; the open tab hears it -----
  await member.goto('/app');
  await member.getByRole('article', { name: MARKET.deal }).getByRole('button', { name: `Follow ${MARKET.name}` }).click();
  await expectToast(member, 'Following!');
  await member.getByRole('link', { name: /Notifications/ }).click();
  await expect(member.getByRole('heading', { name: 'Your Notifications' })).toBeVisible();
  await expect(member.getByText('No notifications yet')).toBeVisible();
  const update = `Hosted rehearsal update ${Date.now().toString(36)}`;
  await postBusinessUpdate(browser, MARKET.owner, update);
  // Live, without a reload: realtime.send → realtime.messages → the Realtime double → supabase-js on the
  // business's private topic, joined with the token the API minted (checked against the policies).
  await expect(member.getByRole('article').filter({ hasText: update })).toBeVisible();

  // The same, checked underneath: the database stored ONE private broadcast for the post, on the business's
  // topic the member's app joined (decision 180), not one per follower ...
  const topic = userTopic(me.id);
  expect((await sql<{ n: number }[]>`
    select count(*)::int as n from realtime.messages
     where topic like 'merchant:%' and private and event = 'notification' and extension = 'broadcast'
       and payload ->> 'type' = 'BUSINESS_UPDATE'
       and payload ->> 'id' in (select id::text from public.notification_events where data ->> 'previewText' = ${update})`)[0].n).toBe(1);
  // ... the token the API mints verifies with the project's signing key, and the realtime.messages
  // policies admit it to its own topic and to no one else's.
  const connection = await (await member.request.get('/api/realtime/token')).json();
  expect(connection).toMatchObject({ transport: 'supabase', userTopic: topic, apiKey: HOSTED_SECRETS.publishableKey });
  // Signed with the project's asymmetric key (ES256, kid from its JWKS), not the legacy secret.
  const jwks = await projectJwks(connection.url);
  const header = JSON.parse(Buffer.from(connection.token.split('.')[0], 'base64url').toString());
  expect(header).toMatchObject({ alg: 'ES256', kid: jwks[0].kid });
  const claims = verifyToken(connection.token, { jwtSecret: 'not-the-key', jwks })!;
  expect(claims).toMatchObject({ role: 'authenticated', sub: me.id });
  expect(await realtimeAdmits(claims, topic)).toBe(true);
  expect(await realtimeAdmits(claims, userTopic('a0000000-0000-4000-8000-000000000002'))).toBe(false);

  // ---- the member pass (decision 165): the function certifies a device key (its platform key made and kept in
  // private.pass_signing_keys as the API's service role), then checks the signed pass at the market's counter ----
  const device = await generateDeviceKey();
  const certified = await member.request.post('/api/member/pass-certificate', { data: await passCertificateBody(member.request, device) });
  expect(certified.status()).toBe(201);
  const { certificate } = await certified.json() as { certificate: string };
  const counterContext = await browser.newContext();
  const counter = await counterContext.newPage();
  await signIn(counter, MARKET.owner);
  await expect(counter).toHaveURL(/\/merchant$/);
  const marketDeals = await (await counter.request.get('/api/merchant/deals')).json() as { id: string; title: string }[];
  const dealId = marketDeals.find((deal) => deal.title === MARKET.deal)!.id;
  const pass = await signPass(certificate, device.privateKey, passStepAt(Date.now()));
  const scanned = await counter.request.post('/api/merchant/verify-pass', { data: { pass, dealId } });
  expect(scanned.status()).toBe(201);
  expect(await scanned.json()).toMatchObject({ dealId, member: { firstName: 'Hana' } });
  // The same pass again (a screenshot, say) is worth nothing more.
  expect((await counter.request.post('/api/merchant/verify-pass', { data: { pass, dealId } })).status()).toBe(409);
  await counterContext.close();

  await context.close();
});
