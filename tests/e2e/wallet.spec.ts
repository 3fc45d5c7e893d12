import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { freePort } from '../../scripts/support/chromium.ts';
import { hexToBytes } from '../../supabase/functions/_shared/encoding.ts';
import { personalCodeAt } from '../../supabase/functions/_shared/personal-code.ts';
import { startGoogleWalletDouble, type GoogleWalletDouble } from '../support/google-wallet-double.ts';
import { createDeal } from './counter-support';
import { DEMO, signIn } from './support';

// Wallet passes (issue 42 item 1, decision 207) in the browser. The journeys' server has no wallet credentials: the
// pass sheet offers neither wallet. A second server of this test's own is given throwaway ones (a service account
// whose Google Wallet API is the local double, a self-made Apple certificate chain): both offers appear at every
// size, the Google pass's rotating code is accepted at the counter, and an Apple pass's QR (the member number only)
// makes the counter ask for the personal code instead of approving.

const SIZES = [{ width: 320, height: 640 }, { width: 390, height: 844 }, { width: 1440, height: 900 }];
const ISSUER = '3388000000012345678';

async function openPassSheet(page: Page) {
  await page.getByRole('button', { name: 'Show member pass' }).click();
  const sheet = page.getByRole('dialog', { name: 'Member pass' });
  await expect(sheet.getByTestId('member-pass-qr')).toBeVisible();
  return sheet;
}

test('without wallet credentials the pass sheet offers neither wallet', async ({ page }) => {
  await signIn(page, DEMO.member);
  await expect(page).toHaveURL(/\/app$/);
  const offers = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/member/wallet-offers');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto('/app');
    const sheet = await openPassSheet(page);
    if (size === SIZES[0]) expect(await (await offers).json()).toEqual({ google: false, apple: false });
    await expect(sheet.getByRole('button', { name: 'Close' })).toBeVisible();
    await expect(sheet.getByText(/Add to (Google|Apple) Wallet/)).toHaveCount(0);
  }
});

/** A stand-in for Apple's WWDR intermediate and a Pass Type ID certificate it issued (as the API test makes them). */
function throwawayAppleChain(dir: string) {
  const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'ignore' });
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Test WWDR');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'signer.key', '-out', 'signer.csr', '-subj', '/UID=pass.example.paylocal/CN=Pass Type ID: pass.example.paylocal');
  openssl('x509', '-req', '-in', 'signer.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'signer.pem', '-days', '2');
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  return {
    APPLE_WALLET_PASS_TYPE_ID: 'pass.example.paylocal', APPLE_WALLET_TEAM_ID: 'TEAM123456',
    APPLE_WALLET_CERTIFICATE: read('signer.pem'), APPLE_WALLET_KEY: read('signer.key'), APPLE_WALLET_WWDR_CERTIFICATE: read('ca.pem'),
  };
}

/** The local server (PGlite, fresh demo data) with both wallets configured; its base URL once it answers. */
async function startWalletServer(dir: string, google: GoogleWalletDouble, clientEmail: string, privateKeyPem: string) {
  const port = await freePort();
  // Its own process group: npx starts tsx, which starts node; the group is stopped as one.
  const child = spawn('npx', ['tsx', 'local/main.ts'], {
    stdio: ['ignore', 'ignore', 'inherit'], detached: true,
    env: {
      ...process.env, PORT: String(port), DATA_DIR: join(dir, 'data'), BCRYPT_ROUNDS: '4', MAIL_DIR: join(dir, 'mail'),
      VAPID_KEYS_FILE: join(dir, 'vapid.json'), SESSIONS_PER_ACCOUNT: '1000',
      GOOGLE_WALLET_ISSUER_ID: ISSUER, GOOGLE_WALLET_API_URL: google.apiUrl,
      GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({ client_email: clientEmail, private_key: privateKeyPem, private_key_id: 'k1', token_uri: google.tokenUri }),
      ...throwawayAppleChain(dir),
    },
  });
  const baseURL = `http://localhost:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the wallet server exited (${child.exitCode})`);
    if (await fetch(`${baseURL}/api/cities`).then((r) => r.ok, () => false)) return { child, baseURL };
    if (Date.now() > deadline) {
      process.kill(-child.pid!, 'SIGTERM');
      throw new Error('the wallet server did not answer in 120 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

async function counterWithDeal(page: Page, title: string) {
  await page.goto('/merchant/counter');
  await page.getByLabel('Deal to redeem').selectOption({ label: `${title} (10% OFF)` });
}

test('with wallet credentials: both offers at every size, and the counter takes the Google code and asks an Apple pass for the personal code', async ({ browser, playwright }) => {
  test.setTimeout(240_000);
  const dir = mkdtempSync(join(tmpdir(), 'paylocal-wallet-e2e-'));
  const clientEmail = 'wallet@paylocal-test.iam.gserviceaccount.com';
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const google = await startGoogleWalletDouble({ clientEmail, publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() });
  let server: { child: ChildProcess; baseURL: string } | undefined;
  let merchantApi: APIRequestContext | undefined;
  try {
    server = await startWalletServer(dir, google, clientEmail, privateKey.export({ type: 'pkcs8', format: 'pem' }).toString());
    const { baseURL } = server;

    // ---- the member's pass sheet: both offers at every size -----------------------------------------------
    const memberContext = await browser.newContext({ baseURL });
    const phone = await memberContext.newPage();
    await signIn(phone, DEMO.member);
    await expect(phone).toHaveURL(/\/app$/);
    for (const size of SIZES) {
      await phone.setViewportSize(size);
      await phone.goto('/app');
      const sheet = await openPassSheet(phone);
      for (const name of ['Add to Google Wallet', 'Add to Apple Wallet']) {
        const offer = sheet.getByRole(name.includes('Google') ? 'button' : 'link', { name });
        await offer.scrollIntoViewIfNeeded();
        await expect(offer, `${name} at ${size.width} px`).toBeInViewport({ ratio: 1 });
      }
      await phone.keyboard.press('Escape');
      await expect(sheet).toBeHidden();
    }
    const sheet = await openPassSheet(phone);
    await expect(sheet.getByRole('link', { name: 'Add to Apple Wallet' })).toHaveAttribute('href', '/api/member/apple-wallet.pkpass');
    const memberNumber = Number((await sheet.getByText(/^Member #/).textContent())!.replace(/\D/g, ''));

    // "Add to Google Wallet" writes the member's object to Google and opens Google's save page with it.
    await phone.route('https://pay.google.com/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Google Wallet</title>' }));
    await sheet.getByRole('button', { name: 'Add to Google Wallet' }).click();
    await expect(phone).toHaveURL(/^https:\/\/pay\.google\.com\/gp\/v\/save\//);
    const saveJwt = phone.url().split('/').pop()!;
    const objectId = `${ISSUER}.member-${memberNumber}`;
    expect(JSON.parse(Buffer.from(saveJwt.split('.')[1], 'base64url').toString()).payload.loyaltyObjects).toEqual([{ id: objectId }]);
    const object = google.objects.get(objectId) as { state: string; rotatingBarcode: { valuePattern: string; totpDetails: { parameters: { key: string }[] } } };
    expect(object.state).toBe('ACTIVE');
    // What the phone's Google Wallet shows now: the pattern with the TOTP over the key Google was given.
    const secret = hexToBytes(object.rotatingBarcode.totpDetails.parameters[0].key);
    const googleCode = async () => object.rotatingBarcode.valuePattern.replace('{totp_value_0}', await personalCodeAt(secret, Date.now()));
    await memberContext.close();

    // ---- the counter: two deals of the demo business, one for each wallet ----------------------------------
    const suffix = Math.random().toString(36).slice(2, 7);
    merchantApi = await playwright.request.newContext({ baseURL });
    expect((await merchantApi.post('/api/auth/login', { data: DEMO.merchant })).status()).toBe(200);
    await createDeal(merchantApi, `Google Latte ${suffix}`);
    await createDeal(merchantApi, `Apple Tea ${suffix}`);
    const tabletContext = await browser.newContext({ baseURL, viewport: { width: 1024, height: 768 } });
    const tablet = await tabletContext.newPage();
    await signIn(tablet, DEMO.merchant);
    await expect(tablet).toHaveURL(/\/merchant$/);
    const verifyCalls: string[] = [];
    tablet.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/merchant/verify-pass') verifyCalls.push(request.postData() ?? '');
    });
    const scanner = tablet.getByLabel('Scanner input');
    const result = tablet.getByTestId('scan-result');

    // The Google pass's QR, as a scanner types it: approved, for the member.
    await counterWithDeal(tablet, `Google Latte ${suffix}`);
    const code = await googleCode();
    expect(code).toMatch(new RegExp(`^PLW\\.${memberNumber}\\.\\d{6}$`));
    await scanner.fill(code);
    await scanner.press('Enter');
    await expect(result).toHaveAttribute('data-outcome', 'approved');
    await expect(result.getByTestId('scan-member-name')).toHaveText('Maya');
    await expect(result).toContainText(`Google Latte ${suffix}`);

    // The Apple pass's QR (the member number only): nothing is sent; the number is filled in and the personal
    // code asked for. A wrong one is refused; the member's own is approved.
    await counterWithDeal(tablet, `Apple Tea ${suffix}`);
    await scanner.fill(String(memberNumber));
    await scanner.press('Enter');
    const ask = tablet.getByTestId('scan-personal-code');
    await expect(ask.getByLabel('Member number')).toHaveValue(String(memberNumber));
    await expect(ask.getByLabel('Personal code')).toBeFocused();
    await tablet.waitForTimeout(500);
    expect(verifyCalls).toHaveLength(1);
    const current = await personalCodeAt(secret, Date.now());
    await ask.getByLabel('Personal code').fill(current === '000000' ? '000001' : String((Number(current) + 1) % 1_000_000).padStart(6, '0'));
    await ask.getByRole('button', { name: 'Check' }).click();
    await expect(result).toHaveAttribute('data-outcome', 'refused');
    expect(verifyCalls).toHaveLength(2);
    await ask.getByLabel('Personal code').fill(await personalCodeAt(secret, Date.now()));
    await ask.getByRole('button', { name: 'Check' }).click();
    await expect(result).toHaveAttribute('data-outcome', 'approved');
    await expect(result).toContainText(`Apple Tea ${suffix}`);
    await expect(ask).toHaveCount(0);
    expect(JSON.parse(verifyCalls[2])).toMatchObject({ pass: expect.stringMatching(new RegExp(`^PLW\\.${memberNumber}\\.\\d{6}$`)) });
    await tabletContext.close();
  } finally {
    await merchantApi?.dispose();
    if (server && server.child.exitCode === null) {
      const exited = new Promise((resolve) => server!.child.once('exit', resolve));
      process.kill(-server.child.pid!, 'SIGTERM');
      await exited;
    }
    await google.close();
    rmSync(dir, { recursive: true, force: true });
  }
});
