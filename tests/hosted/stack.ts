// The hosted rehearsal's running stack (Playwright's webServer for playwright.hosted.config.ts):
//  - a "Supabase project" double on SUPABASE_PORT: the Functions gateway (/functions/v1/<name>/* → the
//    function, which sees /<name>/*), Storage's object REST endpoints (/storage/v1/object/...) with
//    buckets read from the database's storage.buckets, and Realtime's websocket for private broadcast
//    channels (tests/hosted/realtime-double.ts);
//  - the Edge Function entry supabase/functions/api/index.ts under real Deno, from an isolated copy of
//    supabase/functions (nothing outside it is importable, as for the deploy bundler), with a
//    deployed-style environment, on the rehearsal database as the non-superuser project role;
//  - the web host on another origin (SITE_PORT): serves dist/web and rewrites /api/* to
//    <SUPABASE_URL>/functions/v1/api/* and /objects/* to Storage's public object URL, adding X-Forwarded-For;
//  - a second instance of the same function configured with Stripe (billing.spec.ts): its fetches to
//    https://api.stripe.com go through an HTTPS proxy (HTTPS_PROXY, as Deno reads it) that presents a
//    certificate for api.stripe.com signed by a throwaway CA (DENO_CERT) and hands the requests to the
//    Stripe double the journey runs on HOSTED_PORTS.stripe; its own web host on BILLING_SITE_PORT.
// Expects the database made by `tsx tests/hosted/rehearsal.ts db`.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import postgres from 'postgres';
import { TEST_ADMIN } from '../support/constants.ts';
import { startResendDouble } from '../support/resend-double.ts';
import { makeCertificate } from '../support/test-tls.ts';
import { generateVapidKeys } from '../../supabase/functions/api/ports/push/web-push-crypto.ts';
import { rehearsalUrl } from './names.ts';
import { startRealtimeDouble } from './realtime-double.ts';
import { HOSTED_PORTS, HOSTED_SECRETS, newSigningKey } from './ports.ts';

const root = join(import.meta.dirname, '..', '..');
const superUrl = process.env.TEST_DATABASE_URL;
if (!superUrl) throw new Error('stack: TEST_DATABASE_URL (the PostgreSQL server) is required');
const databaseUrl = rehearsalUrl(superUrl);
const supabaseUrl = `http://127.0.0.1:${HOSTED_PORTS.supabase}`;
const siteOrigin = `http://127.0.0.1:${HOSTED_PORTS.site}`;
const signingKey = newSigningKey();

const web = join(root, 'dist', 'web');
if (!existsSync(join(web, 'index.html'))) throw new Error('dist/web is missing: run `vite build` first');

// ------------------------------------------------------------------ the isolated copy of supabase/functions
// Outside the repository (so nothing of it, not even node_modules or package.json, is reachable); one per
// checkout, replaced on every start.
const copy = join(tmpdir(), `paylocal-functions-${basename(root).replace(/[^A-Za-z0-9_-]/g, '_')}`);
rmSync(copy, { recursive: true, force: true });
mkdirSync(copy, { recursive: true });
const functionsDir = join(copy, 'supabase', 'functions');
cpSync(join(root, 'supabase', 'functions'), functionsDir, { recursive: true, filter: (p) => !/\.test\.ts$/.test(p) });

/** Every relative import of every module in the copy must stay inside the copy (the bundler sees nothing else). */
function checkImportsStayInside(dir: string) {
  for (const entry of readdirSync(dir)) {
    const file = join(dir, entry);
    if (statSync(file).isDirectory()) { checkImportsStayInside(file); continue; }
    if (!/\.(ts|tsx|js|mjs)$/.test(entry)) continue;
    const source = readFileSync(file, 'utf8');
    const specifiers = /(?:import|export)[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^import\s+['"]([^'"]+)['"]/gm;
    for (const m of source.matchAll(specifiers)) {
      const spec = m[1] ?? m[2] ?? m[3];
      if (!spec.startsWith('.')) continue;
      const target = resolve(dirname(file), spec);
      if (relative(functionsDir, target).startsWith('..')) {
        throw new Error(`${relative(copy, file)} imports ${spec}, outside supabase/functions: the deployed bundle cannot contain it`);
      }
      if (!existsSync(target)) throw new Error(`${relative(copy, file)} imports ${spec}, which is missing in the copy`);
    }
  }
}
checkImportsStayInside(functionsDir);

// ------------------------------------------------------------------ Supabase project double (gateway + Storage)
const storageSql = postgres(databaseUrl, { max: 2, onnotice: () => {} });
const stored = new Map<string, { bytes: Buffer; contentType: string }>();
const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
};
// Storage's error body: { statusCode, error, message } (statusCode as a string), HTTP status 400 for most.
const storageError = (res: ServerResponse, status: number, statusCode: string, error: string, message = error) =>
  json(res, status, { statusCode, error, message });
const readBody = async (req: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
/**
 * The server key, as Storage checks it: `apikey` must be the secret key (sb_secret_…) or the legacy
 * service_role JWT; an Authorization header, when sent, must carry a JWT (a secret key there is refused).
 */
const isServiceKey = (req: IncomingMessage) => {
  const apikey = req.headers.apikey;
  const bearer = req.headers.authorization?.replace(/^Bearer /, '');
  if (bearer !== undefined && bearer !== HOSTED_SECRETS.serviceRoleKey) return false;
  return typeof apikey === 'string' && [HOSTED_SECRETS.serviceRoleKey, HOSTED_SECRETS.secretKey].includes(apikey);
};

async function storage(req: IncomingMessage, res: ServerResponse, path: string) {
  // /object/public/<bucket>/<name> (public buckets, no key) | /object/<bucket>/<name> (service key)
  const pub = path.match(/^\/object\/public\/([^/]+)\/(.+)$/);
  const priv = pub ? null : path.match(/^\/object\/([^/]+)\/(.+)$/);
  const [, bucketId, rawName] = pub ?? priv ?? [];
  if (!bucketId) return storageError(res, 400, '400', 'invalid_request', 'Unknown Storage route');
  const name = decodeURIComponent(rawName);
  if (priv && !isServiceKey(req)) return storageError(res, 400, '403', 'Unauthorized', 'Invalid Compact JWS');
  const [bucket] = await storageSql<{ public: boolean }[]>`select public from storage.buckets where id = ${bucketId}`;
  if (!bucket) return storageError(res, 400, '404', 'Bucket not found');
  if (pub && !bucket.public) return storageError(res, 400, '404', 'not_found', 'Object not found');
  const key = `${bucketId}/${name}`;
  const method = req.method ?? 'GET';
  if (method === 'POST' || method === 'PUT') {
    const bytes = await readBody(req);
    const upsert = req.headers['x-upsert'] === 'true';
    if (stored.has(key) && !upsert && method === 'POST') return storageError(res, 400, '409', 'Duplicate', 'The resource already exists');
    const contentType = String(req.headers['content-type'] ?? 'application/octet-stream');
    stored.set(key, { bytes, contentType });
    const [row] = await storageSql<{ id: string }[]>`
      insert into storage.objects (bucket_id, name, metadata)
      values (${bucketId}, ${name}, ${storageSql.json({ mimetype: contentType, size: bytes.length })})
      on conflict (bucket_id, name) do update set metadata = excluded.metadata, updated_at = now()
      returning id`;
    return json(res, 200, { Id: row.id, Key: key });
  }
  const object = stored.get(key);
  if (method === 'DELETE') {
    stored.delete(key);
    await storageSql`delete from storage.objects where bucket_id = ${bucketId} and name = ${name}`;
    return object ? json(res, 200, { message: 'Successfully deleted' }) : storageError(res, 400, '404', 'not_found', 'Object not found');
  }
  if (!object) return storageError(res, 400, '404', 'not_found', 'Object not found');
  res.writeHead(200, { 'content-type': object.contentType, 'content-length': object.bytes.length });
  res.end(method === 'HEAD' ? undefined : object.bytes);
}

function forward(req: IncomingMessage, res: ServerResponse, target: URL, extraHeaders: Record<string, string> = {}) {
  const headers = { ...req.headers, ...extraHeaders, host: target.host };
  const upstream = httpRequest(target, { method: req.method, headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => { if (!res.headersSent) res.writeHead(502).end('bad gateway'); });
  req.pipe(upstream);
}

const project = createServer((req, res) => {
  const url = new URL(req.url ?? '/', supabaseUrl);
  const fn = url.pathname.match(/^\/functions\/v1\/([^/]+)(\/.*)?$/);
  if (fn) {
    // The Functions gateway: the function sees /<name>/<rest>.
    return forward(req, res, new URL(`http://127.0.0.1:${HOSTED_PORTS.deno}/${fn[1]}${fn[2] ?? ''}${url.search}`));
  }
  if (url.pathname === '/auth/v1/.well-known/jwks.json') return json(res, 200, { keys: [signingKey.publicJwk] });
  if (url.pathname === '/__rehearsal/mail') return json(res, 200, resend.delivered);
  // A scheduled job run now, as Supabase Cron calls it (with the drain secret), on the instance with the test
  // provider or (billing/) the one with Stripe: for a journey that cannot wait for the hour (referral rewards).
  const job = req.method === 'POST' ? url.pathname.match(/^\/__rehearsal\/cron\/(billing\/)?([a-z-]+)$/) : null;
  if (job) {
    const port = job[1] ? HOSTED_PORTS.billingDeno : HOSTED_PORTS.deno;
    return void fetch(`http://127.0.0.1:${port}/api/internal/${job[2]}`, { method: 'POST', headers: { 'x-drain-secret': mailDrainSecret } })
      .then(async (answer) => json(res, answer.status, await answer.json()))
      .catch((error) => json(res, 502, { message: String(error) }));
  }
  if (url.pathname.startsWith('/storage/v1/')) {
    return void storage(req, res, url.pathname.slice('/storage/v1'.length)).catch((error) => {
      console.error('storage double:', error);
      if (!res.headersSent) storageError(res, 500, '500', 'internal', String(error));
    });
  }
  json(res, 404, { message: 'no route' });
});
// Realtime: the websocket (upgrade requests on /realtime/v1/websocket), tests/hosted/realtime-double.ts.
const realtime = startRealtimeDouble(project, { databaseUrl, jwtSecret: HOSTED_SECRETS.jwtSecret, jwks: [signingKey.publicJwk] });
await new Promise<void>((done) => project.listen(HOSTED_PORTS.supabase, '127.0.0.1', done));

// ------------------------------------------------------------------ mail: Resend and Supabase Cron
// The Resend double (tests/support/resend-double.ts); the journey reads what it delivered from the project
// double's /__rehearsal/mail. The Cron double calls the drain route every second through the gateway.
const resend = await startResendDouble();
const mailDrainSecret = randomBytes(24).toString('hex');
const cron = setInterval(() => {
  // The mail outbox and the push queue (decision 110), as the cron.schedule jobs of docs/operating.md call them.
  for (const route of ['drain-outbox', 'drain-push']) {
    fetch(`${supabaseUrl}/functions/v1/api/internal/${route}`, { method: 'POST', headers: { 'x-drain-secret': mailDrainSecret } })
      .then((answer) => answer.body?.cancel())
      .catch(() => { /* the function may not be up yet */ });
  }
  // The live flush (decision 180): a cron job of SQL alone, as the project's role.
  storageSql`select private.flush_city_changes()`.catch(() => { /* the migrations may not be there yet */ });
}, 1000);
// The VAPID key pair the operator sets as secrets (docs/operating.md, "Push notifications").
const vapid = await generateVapidKeys();

// ------------------------------------------------------------------ the Edge Function under Deno
const env: Record<string, string> = {
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  DENO_DIR: process.env.DENO_DIR ?? join(process.env.HOME ?? tmpdir(), '.cache', 'deno'),
  // Deno fetches the npm packages of deno.json on first use: trust the machine's own CA store as well as Mozilla's
  // (a CI network that re-signs TLS adds its CA to the system store, which Deno ignores by default).
  DENO_TLS_CA_STORE: process.env.DENO_TLS_CA_STORE ?? 'mozilla,system',
  NO_COLOR: '1',
  DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${HOSTED_PORTS.deno}`,
  // What Supabase sets for every function.
  SUPABASE_URL: supabaseUrl,
  SUPABASE_ANON_KEY: HOSTED_SECRETS.anonKey,
  SUPABASE_SERVICE_ROLE_KEY: HOSTED_SECRETS.serviceRoleKey,
  SUPABASE_DB_URL: databaseUrl,
  // What the operator sets with `supabase secrets set`: the new-style keys and the asymmetric signing key
  // (the legacy ones above stay as Supabase still sets them; the entry prefers the new ones).
  STORAGE_SECRET_KEY: HOSTED_SECRETS.secretKey,
  REALTIME_PUBLISHABLE_KEY: HOSTED_SECRETS.publishableKey,
  REALTIME_SIGNING_JWK: JSON.stringify(signingKey.privateJwk),
  REALTIME_JWT_SECRET: HOSTED_SECRETS.jwtSecret,
  ADMIN_EMAIL: TEST_ADMIN.email,
  // The public site origin alone lets the browser's POSTs through the Origin check (no ALLOWED_ORIGINS):
  // behind the rewrite the function's own URL is the gateway's, never the site's.
  SITE_URL: siteOrigin,
  TRUSTED_PROXY_HOPS: '1',
  ALLOW_TEST_PAYMENTS: 'true',
  OBJECT_UPLOAD_SECRET: randomBytes(24).toString('hex'),
  // Faster hashing and lifted per-address limits for the journey only.
  BCRYPT_ROUNDS: '4',
  RATE_LIMIT_REGISTRATIONS_PER_IP: '10000',
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: '10000',
  RATE_LIMIT_ACCOUNT_ATTEMPTS_PER_IP: '10000',
  DB_POOL_MAX: '3',
  // Mail through the Resend double; drained by the Cron double below, as Supabase Cron would call it.
  RESEND_API_KEY: resend.apiKey,
  RESEND_API_URL: resend.url,
  EMAIL_FROM: 'Pay Local <hello@paylocal.example>',
  MAIL_DRAIN_SECRET: mailDrainSecret,
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  VAPID_SUBJECT: 'mailto:owner@paylocal.example',
};
const denoBin = join(root, 'node_modules', '.bin', 'deno');
const apiDir = join(functionsDir, 'api');
const functions: ChildProcess[] = [];
process.on('exit', () => {
  for (const fn of functions) fn.kill('SIGTERM');
  rmSync(copy, { recursive: true, force: true });
});
/** Starts the entry under Deno with `fnEnv` and waits until it listens. */
async function startFunction(label: string, fnEnv: Record<string, string>) {
  const fn = spawn(denoBin, ['run', '--allow-net', '--allow-env', '--allow-read', '--allow-sys', '--config', join(apiDir, 'deno.json'), join(apiDir, 'index.ts')], {
    cwd: apiDir, env: fnEnv, stdio: ['ignore', 'pipe', 'pipe'],
  });
  functions.push(fn);
  let output = '';
  fn.stdout!.on('data', (d) => { output += d; process.stdout.write(`[${label}] ${d}`); });
  fn.stderr!.on('data', (d) => { output += d; process.stderr.write(`[${label}] ${d}`); });
  const deadline = Date.now() + 120_000;
  while (!output.includes('Listening on')) {
    if (fn.exitCode !== null) throw new Error(`${label}: the function exited (${fn.exitCode}):\n${output}`);
    if (Date.now() > deadline) throw new Error(`${label}: the function did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// ------------------------------------------------------------------ Stripe: api.stripe.com, through a proxy
// The billing instance is configured as an operator configures Stripe (sk_/pk_/whsec_, no test payments). Deno
// sends its https://api.stripe.com requests through HTTPS_PROXY: CONNECT api.stripe.com:443 reaches a local TLS
// server with a certificate for api.stripe.com (its CA in DENO_CERT), which hands them to the Stripe double.
// Any other host is refused, so nothing leaves the machine.
const stripeTls = makeCertificate('api.stripe.com');
const stripeFront = createHttpsServer({ key: stripeTls.key, cert: stripeTls.cert }, (req, res) =>
  forward(req, res, new URL(`http://127.0.0.1:${HOSTED_PORTS.stripe}${req.url ?? '/'}`)));
const stripeProxy = createServer((_req, res) => res.writeHead(405).end('CONNECT only'));
stripeProxy.on('connect', (req: IncomingMessage, socket, head: Buffer) => {
  if (req.url !== 'api.stripe.com:443') return void socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
  const { port } = stripeFront.address() as { port: number };
  const upstream = connect(port, '127.0.0.1', () => {
    socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    upstream.write(head);
    upstream.pipe(socket);
    socket.pipe(upstream);
  });
  upstream.on('error', () => socket.destroy());
  socket.on('error', () => upstream.destroy());
});
const listenOn = (server: Server | ReturnType<typeof createHttpsServer>, port = 0) =>
  new Promise<void>((done) => server.listen(port, '127.0.0.1', done));
await listenOn(stripeFront);
await listenOn(stripeProxy);
const billingSiteOrigin = `http://127.0.0.1:${HOSTED_PORTS.billingSite}`;
const { ALLOW_TEST_PAYMENTS: _testPayments, ...stripeEnv } = env;
const billingEnv: Record<string, string> = {
  ...stripeEnv,
  DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${HOSTED_PORTS.billingDeno}`,
  SITE_URL: billingSiteOrigin,
  STRIPE_SECRET_KEY: HOSTED_SECRETS.stripeSecretKey,
  STRIPE_PUBLISHABLE_KEY: HOSTED_SECRETS.stripePublishableKey,
  STRIPE_WEBHOOK_SECRET: HOSTED_SECRETS.stripeWebhookSecret,
  HTTPS_PROXY: `http://127.0.0.1:${(stripeProxy.address() as { port: number }).port}`,
  NO_PROXY: '127.0.0.1,localhost',
  DENO_CERT: stripeTls.certFile,
};
await Promise.all([startFunction('deno', env), startFunction('deno-billing', billingEnv)]);

// ------------------------------------------------------------------ the web host on another origin
const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json',
  '.webmanifest': 'application/manifest+json', '.svg': 'image/svg+xml', '.png': 'image/png', '.ico': 'image/x-icon',
  '.woff2': 'font/woff2', '.txt': 'text/plain',
};
/** The web host: dist/web, /api/* to `api` (the gateway, or the billing instance), /objects/* to Storage. */
const webHost = (origin: string, api: (pathname: string) => string) => createServer((req, res) => {
  const url = new URL(req.url ?? '/', origin);
  const forwardedFor = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) {
    return forward(req, res, new URL(`${api(url.pathname)}${url.search}`), { 'x-forwarded-for': forwardedFor });
  }
  if (url.pathname.startsWith('/objects/')) {
    return forward(req, res, new URL(`${supabaseUrl}/storage/v1/object/public/objects/${url.pathname.slice('/objects/'.length)}`));
  }
  let file = resolve(web, `.${decodeURIComponent(url.pathname)}`);
  if (relative(web, file).startsWith('..')) return void res.writeHead(400).end();
  if (!existsSync(file) || statSync(file).isDirectory()) file = join(web, 'index.html'); // SPA fallback
  res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
  res.end(readFileSync(file));
});
const site = webHost(siteOrigin, (pathname) => `${supabaseUrl}/functions/v1${pathname}`);
const billingSite = webHost(billingSiteOrigin, (pathname) => `http://127.0.0.1:${HOSTED_PORTS.billingDeno}${pathname}`);
await listenOn(billingSite, HOSTED_PORTS.billingSite);
await listenOn(site, HOSTED_PORTS.site);
console.log(`hosted stack: site ${siteOrigin} → function (Deno, isolated copy in ${copy}) → ${supabaseUrl}`);

const stop = () => {
  clearInterval(cron);
  void resend.close();
  for (const fn of functions) fn.kill('SIGTERM');
  site.close();
  billingSite.close();
  stripeProxy.close();
  stripeFront.close();
  void realtime.close();
  project.close();
  void storageSql.end({ timeout: 1 });
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);

