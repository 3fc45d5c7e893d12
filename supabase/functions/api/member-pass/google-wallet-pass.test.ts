// "Add to Google Wallet" (issue 42 item 1, decision 207) against a double of Google's API: the service account's
// token exchange, the class and the member's loyalty object (inserted, then patched when the secret rotates and
// expired when the membership ends), the save link signed RS256 with the configured key, and the rotating code
// a phone computes from the object (TOTP over the key Google was given) accepted at the counter like a
// personal code. Without credentials the offer is absent and the endpoint answers 404.
import { createHmac, createVerify, generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { startGoogleWalletDouble, type GoogleWalletDouble } from '../../../../tests/support/google-wallet-double.ts';
import { activateMembership } from '../../../../tests/support/membership.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';
import { MEMBERSHIP_REQUIRED_MESSAGE } from '../../_shared/contract/deals.ts';
import { PERSONAL_CODE_REFUSED_MESSAGE } from '../../_shared/contract/counter.ts';
import { parseWalletCode, walletCodeOf } from '../../_shared/member-pass.ts';

const ISSUER = '3388000000012345678';
const CLIENT_EMAIL = 'wallet-issuer@pay-local-test.iam.gserviceaccount.com';
const { publicKey, privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
});

/** A TOTP as Google Wallet's phone app computes it from totpDetails: RFC 6238 with HMAC-SHA1 over the hex key. */
function phoneTotp(hexKey: string, timeMs: number, periodMillis: number, digits: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(timeMs / periodMillis)));
  const mac = createHmac('sha1', Buffer.from(hexKey, 'hex')).update(counter).digest();
  const offset = mac[mac.length - 1] & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 10 ** digits).padStart(digits, '0');
}

const decode = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

let google: GoogleWalletDouble;
let t: TestApp;
let member: Agent;
let memberNumber: number;
let rosa: Agent;
beforeAll(async () => {
  google = await startGoogleWalletDouble({ clientEmail: CLIENT_EMAIL, publicKeyPem: publicKey });
  t = await createTestApp({
    GOOGLE_WALLET_ISSUER_ID: ISSUER,
    GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
      type: 'service_account', client_email: CLIENT_EMAIL, private_key: privateKey, private_key_id: 'kid-1', token_uri: google.tokenUri,
    }),
    GOOGLE_WALLET_API_URL: google.apiUrl,
    SITE_URL: 'https://paylocal.example',
  });
  await activateMembership(t.database, SEED.member.id);
  member = t.agent();
  memberNumber = (await member.login(SEED.member.email, SEED.member.password)).memberNumber;
  rosa = await t.signIn(SEED.merchantOwner);
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const objectId = () => `${ISSUER}.member-${memberNumber}`;
const secretHex = async () => Buffer.from((await t.database.admin.query<{ secret: string }>(
  `select secret from private.member_pass_secrets where member_id = $1`, [SEED.member.id]))[0].secret, 'base64url').toString('hex');

describe('Google Wallet pass', () => {
  it('a phone TOTP as the test computes it gives RFC 6238 Appendix B codes (so the checks below mean something)', () => {
    const hex = Buffer.from('12345678901234567890').toString('hex');
    expect(phoneTotp(hex, 59_000, 30_000, 8)).toBe('94287082');
    expect(phoneTotp(hex, 1_111_111_109_000, 30_000, 8)).toBe('07081804');
    expect(phoneTotp(hex, 2_000_000_000_000, 30_000, 8)).toBe('69279037');
  });

  it('offers Google Wallet, writes the class and the member object, and answers a save link signed with the key', async () => {
    expect((await member.get('/api/member/wallet-offers')).body).toEqual({ google: true, apple: false });
    const res = await member.post('/api/member/google-wallet');
    expect(res.status).toBe(200);
    const saveUrl: string = res.body.saveUrl;
    expect(saveUrl.startsWith('https://pay.google.com/gp/v/save/')).toBe(true);
    const jwt = saveUrl.slice('https://pay.google.com/gp/v/save/'.length);
    const [header, payload, signature] = jwt.split('.');
    expect(decode(header)).toEqual({ alg: 'RS256', typ: 'JWT', kid: 'kid-1' });
    expect(createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(publicKey, Buffer.from(signature, 'base64url'))).toBe(true);
    const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048, publicKeyEncoding: { type: 'spki', format: 'pem' }, privateKeyEncoding: { type: 'pkcs8', format: 'pem' } }).publicKey;
    expect(createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(otherKey, Buffer.from(signature, 'base64url'))).toBe(false);
    const claims = decode(payload);
    expect(claims).toMatchObject({
      iss: CLIENT_EMAIL, aud: 'google', typ: 'savetowallet', origins: ['https://paylocal.example'],
      payload: { loyaltyObjects: [{ id: objectId() }] },
    });

    expect(google.classes.get(`${ISSUER}.pay-local-member`)).toMatchObject({ programLogo: { sourceUri: { uri: 'https://paylocal.example/icons/icon-512.png' } } });
    const object = google.objects.get(objectId()) as any;
    expect(object).toMatchObject({
      classId: `${ISSUER}.pay-local-member`, state: 'ACTIVE', accountId: String(memberNumber),
      rotatingBarcode: {
        type: 'QR_CODE', valuePattern: `PLW.${memberNumber}.{totp_value_0}`,
        totpDetails: { periodMillis: '30000', algorithm: 'TOTP_SHA1', parameters: [{ key: await secretHex(), valueLength: 6 }] },
      },
    });
    expect(Date.parse(object.validTimeInterval.end.date)).toBeGreaterThan(Date.now() + 25 * 86_400_000);
  });

  it('the code the phone renders from the object is accepted at the counter, and a wrong one is refused', async () => {
    const deal = await rosa.post('/api/merchant/deals', { title: 'Wallet coffee', description: 'At the till', discountPercent: 10, perMemberLimit: 'none' });
    expect(deal.status).toBe(201);
    const { key, valueLength } = (google.objects.get(objectId()) as any).rotatingBarcode.totpDetails.parameters[0];
    const code = phoneTotp(key, Date.now(), 30_000, valueLength);
    const scanned = walletCodeOf(memberNumber, code);
    expect(parseWalletCode(scanned)).toEqual({ memberNumber, personalCode: code });
    const wrong = walletCodeOf(memberNumber, String((Number(code) + 1) % 1_000_000).padStart(6, '0'));
    const refused = await rosa.post('/api/merchant/verify-pass', { pass: wrong, dealId: deal.body.id });
    expect([refused.status, refused.body.message]).toEqual([422, PERSONAL_CODE_REFUSED_MESSAGE]);
    const approved = await rosa.post('/api/merchant/verify-pass', { pass: scanned, dealId: deal.body.id });
    expect(approved.status).toBe(201);
    expect(approved.body.memberNumber).toBe(memberNumber);
  });

  it('patches the object with the new secret when it rotated', async () => {
    const before = await secretHex();
    await t.database.admin.query(`update private.member_pass_secrets set secret = $2 where member_id = $1`,
      [SEED.member.id, Buffer.from(crypto.getRandomValues(new Uint8Array(20))).toString('base64url')]);
    expect((await member.post('/api/member/google-wallet')).status).toBe(200);
    const key = (google.objects.get(objectId()) as any).rotatingBarcode.totpDetails.parameters[0].key;
    expect(key).toBe(await secretHex());
    expect(key).not.toBe(before);
    expect(google.requests.some((r) => r.method === 'PATCH' && r.path.endsWith(encodeURIComponent(objectId())))).toBe(true);
  });

  it('expires the object when the membership ends and restores it when it resumes', async () => {
    await t.database.admin.query(`update public.subscriptions set status = 'canceled' where user_id = $1`, [SEED.member.id]);
    const ended = await member.post('/api/member/google-wallet');
    expect([ended.status, ended.body.message]).toEqual([403, MEMBERSHIP_REQUIRED_MESSAGE]);
    expect((google.objects.get(objectId()) as any).state).toBe('EXPIRED');
    await activateMembership(t.database, SEED.member.id);
    expect((await member.post('/api/member/google-wallet')).status).toBe(200);
    expect((google.objects.get(objectId()) as any).state).toBe('ACTIVE');
  });

  it('is absent without credentials: no offer, and the endpoint answers 404', async () => {
    const bare = await createTestApp();
    try {
      await activateMembership(bare.database, SEED.member.id);
      const agent = await bare.signIn(SEED.member);
      expect((await agent.get('/api/member/wallet-offers')).body).toEqual({ google: false, apple: false });
      expect((await agent.post('/api/member/google-wallet')).status).toBe(404);
    } finally {
      await bare.close();
    }
  });
});
