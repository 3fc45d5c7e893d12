// Boots the Edge Function entry (supabase/functions/api/index.ts) under real Deno, against the
// embedded database served over the wire protocol, and walks register → me → realtime token → logout over HTTP.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { pgliteExtensions } from '../../local/admin-sql.ts';
import { startWireServer } from '../../local/pglite-wire-server.ts';
import { cleanEnv, DEPLOYED_ENV } from '../support/deployed-env.ts';
import { openTestDatabase } from '../support/test-database.ts';
import { startResendDouble, type ResendDouble } from '../support/resend-double.ts';
import { startPushDouble, type PushDouble } from '../support/push-double.ts';
import { SEED } from '../support/constants.ts';
import { makeCertificate } from '../support/test-tls.ts';

const root = join(import.meta.dirname, '..', '..');
let deno: ChildProcess;
let wire: { close(): Promise<void>; port: number };
let pg: PGlite;
let base: string;
let output = '';
let dropCopy: (() => Promise<void>) | undefined;
let publicKey: CryptoKey;
let signingJwk: string;
let resend: ResendDouble;
const DRAIN_SECRET = 'deno-drain-secret';
let push: PushDouble;
let certFile: string;
/** SQL on the function's database (as the superuser), to add a device whose endpoint is the HTTPS double. */
let sql: (text: string, params: unknown[]) => Promise<unknown>;

const freePort = () => new Promise<number>((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});

beforeAll(async () => {
  const template = inject('databaseTemplate');
  let databaseUrl: string;
  if (template.kind === 'pglite') {
    pg = await PGlite.create({ loadDataDir: new Blob([readFileSync(template.file)]), extensions: pgliteExtensions });
    wire = await startWireServer(pg);
    databaseUrl = `postgres://postgres@127.0.0.1:${wire.port}/postgres`;
    sql = (text, params) => pg.query(text, params);
  } else {
    // A private copy of the template database, dropped afterwards.
    const copy = await openTestDatabase();
    dropCopy = () => copy.close();
    databaseUrl = copy.url!;
    sql = (text, params) => copy.admin.query(text, params);
  }
  // Realtime tokens signed ES256 under Deno's Web Crypto (decision 076); verified below with the public key.
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  publicKey = pair.publicKey;
  signingJwk = JSON.stringify({ ...(await crypto.subtle.exportKey('jwk', pair.privateKey)), kid: 'deno-test-key', alg: 'ES256' });
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  resend = await startResendDouble();
  const tls = makeCertificate('localhost');
  certFile = tls.certFile;
  push = await startPushDouble({ tls });
  const denoBin = join(root, 'node_modules', '.bin', 'deno');
  deno = spawn(denoBin, ['run', '--allow-net', '--allow-env', '--allow-read', '--allow-sys', 'supabase/functions/api/index.ts'], {
    cwd: root,
    // Everything the deployed entry requires (supabase/functions/api/env.ts).
    env: {
      ...cleanEnv(), ...DEPLOYED_ENV, DATABASE_URL: databaseUrl, DB_POOL_MAX: '1', BCRYPT_ROUNDS: '4',
      REALTIME_SIGNING_JWK: signingJwk, SITE_URL: base, DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`, NO_COLOR: '1',
      RESEND_API_KEY: resend.apiKey, RESEND_API_URL: resend.url, MAIL_DRAIN_SECRET: DRAIN_SECRET,
      DENO_CERT: certFile,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  deno.stdout!.on('data', (d) => { output += d; });
  deno.stderr!.on('data', (d) => { output += d; });
  const deadline = Date.now() + 90_000;
  while (!output.includes('Listening on')) {
    if (deno.exitCode !== null || Date.now() > deadline) throw new Error(`deno did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 120_000);

afterAll(async () => {
  deno?.kill('SIGTERM');
  await wire?.close();
  await pg?.close();
  await dropCopy?.();
  await resend?.close();
  await push?.close();
});

it('serves register → me → realtime token (ES256) → logout under Deno', async () => {
  const email = `deno-${Date.now()}@example.com`;
  const register = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ role: 'USER', name: 'Dee Deno', email, password: 'secret123' }),
  });
  expect(register.status, output).toBe(201);
  const cookie = register.headers.get('set-cookie')!.split(';')[0];
  expect(cookie).toMatch(/^pl_session=/);

  const me = await fetch(`${base}/api/auth/me`, { headers: { cookie } });
  expect(me.status).toBe(200);
  expect((await me.json()).user).toMatchObject({ email, name: 'Dee Deno', role: 'USER' });

  const realtime = await fetch(`${base}/api/realtime/token`, { headers: { cookie } });
  expect(realtime.status).toBe(200);
  const connection = await realtime.json();
  expect(connection).toMatchObject({ transport: 'supabase', apiKey: DEPLOYED_ENV.REALTIME_PUBLISHABLE_KEY });
  const [header, payload, signature] = connection.token.split('.');
  expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'ES256', typ: 'JWT', kid: 'deno-test-key' });
  const verified = await crypto.subtle.verify(
    { name: 'ECDSA', hash: 'SHA-256' }, publicKey, Buffer.from(signature, 'base64url'), new TextEncoder().encode(`${header}.${payload}`),
  );
  expect(verified).toBe(true);

  const logout = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: { cookie } });
  expect(logout.status).toBe(200);
  const after = await fetch(`${base}/api/auth/me`, { headers: { cookie } });
  expect(after.status).toBe(401);
  expect(await after.json()).toEqual({ message: 'Authentication required' });
}, 60_000);

it('sends mail through Resend when Supabase Cron calls the drain route', async () => {
  const email = `deno-mail-${Date.now()}@example.com`;
  const register = await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ role: 'USER', name: 'Mia Mail', email, password: 'secret123' }),
  });
  expect(register.status, output).toBe(201);
  expect(resend.delivered.filter((m) => m.to[0] === email)).toHaveLength(0);
  const refused = await fetch(`${base}/api/internal/drain-outbox`, { method: 'POST', headers: { 'x-drain-secret': 'nope' } });
  expect(refused.status).toBe(403);
  const drained = await fetch(`${base}/api/internal/drain-outbox`, { method: 'POST', headers: { 'x-drain-secret': DRAIN_SECRET } });
  expect(drained.status, output).toBe(200);
  const again = await fetch(`${base}/api/internal/drain-outbox`, { method: 'POST', headers: { 'x-drain-secret': DRAIN_SECRET } });
  expect(again.status).toBe(200);
  const mine = resend.delivered.filter((m) => m.to[0] === email);
  expect(mine).toHaveLength(1);
  expect(mine[0].subject).toBe('Confirm your email address for Pay Local');
  expect(mine[0].text).toContain(`${base}/verify-email?token=`);
  expect(resend.requests.at(-1)!.headers.authorization).toBe(`Bearer ${resend.apiKey}`);
  // Nothing secret reaches the function's log.
  expect(output).not.toContain(resend.apiKey);
  expect(output).not.toMatch(/token=/);
}, 60_000);

it('sends Web Push (RFC 8291 + VAPID under Deno) when Supabase Cron calls the push drain route', async () => {
  const device = await push.subscribe(DEPLOYED_ENV.VAPID_PUBLIC_KEY);
  // The seeded member follows Rosa's River Cafe; their device is the HTTPS double (the API accepts only
  // domain names, so it is stored directly).
  await sql(
    `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)`,
    [SEED.member.id, device.endpoint, device.keys.p256dh, device.keys.auth],
  );
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(SEED.merchantOwner),
  });
  const cookie = login.headers.get('set-cookie')!.split(';')[0];
  const posted = await fetch(`${base}/api/merchant/updates`, {
    method: 'POST', headers: { cookie, 'content-type': 'application/json', origin: base }, body: JSON.stringify({ message: 'Deno says hi' }),
  });
  expect(posted.status, output).toBe(201);
  expect(push.delivered).toHaveLength(0);
  const refused = await fetch(`${base}/api/internal/drain-push`, { method: 'POST', headers: { 'x-drain-secret': 'nope' } });
  expect(refused.status).toBe(403);
  const drained = await fetch(`${base}/api/internal/drain-push`, { method: 'POST', headers: { 'x-drain-secret': DRAIN_SECRET } });
  expect(drained.status, output).toBe(200);
  // The seed's own update (still queued in this database) reaches the member's new device too.
  const result = await drained.json();
  expect(result, output).toMatchObject({ gone: 0, failed: 0, retrying: 0 });
  expect(push.refused).toEqual([]);
  expect(push.delivered.map((d) => d.payload)).toContainEqual(
    { type: 'BUSINESS_UPDATE', title: "Rosa's River Cafe", body: 'Deno says hi', url: '/notifications' },
  );
  const again = await fetch(`${base}/api/internal/drain-push`, { method: 'POST', headers: { 'x-drain-secret': DRAIN_SECRET } });
  expect(await again.json()).toMatchObject({ claimed: 0 });
  expect(output).not.toContain(device.endpoint);
}, 60_000);
