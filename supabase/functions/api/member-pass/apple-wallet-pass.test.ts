// "Add to Apple Wallet" (issue 42 item 1, decision 207) with a throwaway chain made by openssl in the test: the
// `.pkpass` is a zip whose manifest holds the SHA-1 of every other file, whose PKCS #7 signature over the
// manifest verifies against the chain, and whose pass description names the member, their number (the QR, nothing else)
// and the end of their membership. Without the certificates the offer is absent and the download answers 404.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEED } from '../../../../tests/support/constants.ts';
import { activateMembership } from '../../../../tests/support/membership.ts';
import { createTestApp, type Agent, type TestApp } from '../../../../tests/support/test-app.ts';

const dir = mkdtempSync(join(tmpdir(), 'paylocal-pkpass-'));
const openssl = (...args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });

/** A stand-in for Apple's WWDR intermediate, and a Pass Type ID certificate it issued. */
function throwawayChain() {
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '2', '-subj', '/CN=Test WWDR');
  openssl('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'signer.key', '-out', 'signer.csr', '-subj', '/UID=pass.example.paylocal/CN=Pass Type ID: pass.example.paylocal');
  openssl('x509', '-req', '-in', 'signer.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'signer.pem', '-days', '2');
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');
  return { wwdr: read('ca.pem'), cert: read('signer.pem'), key: read('signer.key') };
}

let t: TestApp;
let member: Agent;
let memberNumber: number;
beforeAll(async () => {
  const chain = throwawayChain();
  t = await createTestApp({
    APPLE_WALLET_PASS_TYPE_ID: 'pass.example.paylocal', APPLE_WALLET_TEAM_ID: 'TEAM123456',
    APPLE_WALLET_CERTIFICATE: chain.cert, APPLE_WALLET_KEY: chain.key, APPLE_WALLET_WWDR_CERTIFICATE: chain.wwdr,
  });
  await activateMembership(t.database, SEED.member.id);
  member = t.agent();
  memberNumber = (await member.login(SEED.member.email, SEED.member.password)).memberNumber;
});
afterAll(() => t.close());

it('downloads a signed pkpass: manifest hashes match, the signature verifies against the chain, the pass names the member', async () => {
  expect((await member.get('/api/member/wallet-offers')).body).toEqual({ google: false, apple: true });
  const res = await t.app.request('http://localhost/api/member/apple-wallet.pkpass', { headers: { cookie: member.cookieHeader(), 'x-forwarded-for': '203.0.113.7' } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.apple.pkpass');
  const zip = Buffer.from(await res.arrayBuffer());
  expect(zip.subarray(0, 4).toString('hex')).toBe('504b0304');
  writeFileSync(join(dir, 'member.pkpass'), zip);
  execFileSync('unzip', ['-o', '-q', 'member.pkpass', '-d', 'pass'], { cwd: dir });
  const files = readdirSync(join(dir, 'pass'));
  expect(files).toEqual(expect.arrayContaining(['pass.json', 'manifest.json', 'signature', 'icon.png']));

  const manifest = JSON.parse(readFileSync(join(dir, 'pass', 'manifest.json'), 'utf8')) as Record<string, string>;
  expect(Object.keys(manifest).sort()).toEqual(files.filter((f) => f !== 'manifest.json' && f !== 'signature').sort());
  for (const [name, sha1] of Object.entries(manifest)) {
    expect(createHash('sha1').update(readFileSync(join(dir, 'pass', name))).digest('hex'), name).toBe(sha1);
  }

  const verify = (caFile: string) => execFileSync('openssl', ['smime', '-verify', '-binary', '-inform', 'DER', '-in', 'pass/signature',
    '-content', 'pass/manifest.json', '-CAfile', caFile, '-purpose', 'any', '-out', '/dev/null'], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  expect(() => verify('ca.pem')).not.toThrow();
  // Another chain does not vouch for it, and a changed manifest breaks the signature.
  openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'other.key', '-out', 'other.pem', '-days', '2', '-subj', '/CN=Other CA');
  expect(() => verify('other.pem')).toThrow();
  writeFileSync(join(dir, 'pass', 'manifest.json'), JSON.stringify({ ...manifest, 'pass.json': '0'.repeat(40) }));
  expect(() => verify('ca.pem')).toThrow();

  const pass = JSON.parse(readFileSync(join(dir, 'pass', 'pass.json'), 'utf8'));
  expect(pass).toMatchObject({ passTypeIdentifier: 'pass.example.paylocal', teamIdentifier: 'TEAM123456', serialNumber: `member-${memberNumber}` });
  expect(pass.barcodes).toEqual([expect.objectContaining({ message: String(memberNumber), format: 'PKBarcodeFormatQR' })]);
  expect(pass.generic.secondaryFields).toEqual([expect.objectContaining({ value: String(memberNumber) })]);
  expect(Date.parse(pass.expirationDate)).toBeGreaterThan(Date.now() + 25 * 86_400_000);
  expect(pass.locations ?? []).toEqual([]);
});

it('refuses a member without a membership, and is absent without the certificates', async () => {
  await t.database.admin.query(`update public.subscriptions set status = 'canceled' where user_id = $1`, [SEED.member.id]);
  expect((await member.get('/api/member/apple-wallet.pkpass')).status).toBe(403);
  const bare = await createTestApp();
  try {
    await activateMembership(bare.database, SEED.member.id);
    const agent = await bare.signIn(SEED.member);
    expect((await agent.get('/api/member/wallet-offers')).body.apple).toBe(false);
    expect((await agent.get('/api/member/apple-wallet.pkpass')).status).toBe(404);
  } finally {
    await bare.close();
  }
});
