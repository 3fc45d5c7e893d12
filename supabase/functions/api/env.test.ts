import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { apiEnvSchema, checkEdgeEnv, edgeEnvSchema, parseApiEnv, paymentProblems, stripeKeyMode } from './env.ts';
import { configFromEnv } from './config.ts';
import { databaseUrlOf } from './adapters.ts';
import { defaultPoolSize, localEnv, localEnvSchema } from '../../../local/env.ts';

const jwkText = async () => {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);
  return JSON.stringify({ ...(await crypto.subtle.exportKey('jwk', pair.privateKey)), kid: 'k1' });
};

/** A complete deployed environment, as README's secrets list plus what Supabase provides. */
const COMPLETE = {
  SUPABASE_URL: 'https://abcdefgh.supabase.co',
  SUPABASE_DB_URL: 'postgresql://postgres:pw@db.abcdefgh.supabase.co:5432/postgres',
  SUPABASE_SERVICE_ROLE_KEY: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.sig',
  SUPABASE_ANON_KEY: 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.sig',
  DATABASE_URL: 'postgresql://postgres.abcdefgh:pw@aws-0-eu-central-1.pooler.supabase.com:6543/postgres',
  SITE_URL: 'https://deals.example.org',
  ADMIN_EMAIL: 'Owner@PayLocal.example',
  STRIPE_SECRET_KEY: 'sk_live_123',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_123',
  STRIPE_WEBHOOK_SECRET: 'whsec_123',
  REALTIME_JWT_SECRET: 'legacy-jwt-secret-value',
  RESEND_API_KEY: 're_live_123',
  EMAIL_FROM: 'Pay Local <hello@deals.example.org>',
  MAIL_DRAIN_SECRET: 'drain-secret-value',
  VAPID_PUBLIC_KEY: 'BARRL6Wgo13HGau2BheI2IMHZiIEHLrHJj1FNw8kn9DiLi9hDgwQre-r-vJB_PDFUHEcCqyZOveCudQ7pcPd8hw',
  VAPID_PRIVATE_KEY: 'yKVqEivEu3fLk7TBSLzm-tXrYgYXzUpkk98XVe6FmOE',
  VAPID_SUBJECT: 'mailto:owner@deals.example.org',
};

const without = (name: keyof typeof COMPLETE, extra: Record<string, string> = {}) => {
  const { [name]: _dropped, ...rest } = COMPLETE;
  return { ...rest, ...extra };
};

const problemNames = (env: Record<string, string | undefined>) => {
  const checked = checkEdgeEnv(env);
  return checked.ok ? [] : checked.problems.map((p) => p.name);
};

describe('checkEdgeEnv (the deployed entry)', () => {
  it('accepts a complete environment and normalises it: pooler URL first, pool of 2 (decision 181), site origin, lower-case admin', () => {
    const checked = checkEdgeEnv(COMPLETE);
    if (!checked.ok) throw new Error(checked.message);
    expect(databaseUrlOf(checked.env)).toBe(COMPLETE.DATABASE_URL);
    expect(checked.env.DB_POOL_MAX).toBe(2);
    expect(checked.env.DATABASE_READ_URL).toBeUndefined();
    expect(checked.env.ADMIN_EMAIL).toBe('owner@paylocal.example');
    expect(checked.env.TRUSTED_PROXY_HOPS).toBe(0);
    expect(checked.env.ALLOW_TEST_PAYMENTS).toBe(false);
    expect(checked.env.STORAGE_BUCKET).toBe('objects');
  });

  it('falls back to SUPABASE_DB_URL without a pooler URL, and says so', () => {
    const checked = checkEdgeEnv(without('DATABASE_URL'));
    expect(checked.ok && databaseUrlOf(checked.env)).toBe(COMPLETE.SUPABASE_DB_URL);
    expect(checked.ok && checked.notices).toEqual([expect.stringContaining('no DATABASE_URL')]);
    const complete = checkEdgeEnv(COMPLETE);
    expect(complete.ok && complete.notices).toEqual([]);
  });

  it.each([
    ['STRIPE_SECRET_KEY'], ['STRIPE_PUBLISHABLE_KEY'], ['STRIPE_WEBHOOK_SECRET'], ['ADMIN_EMAIL'], ['SITE_URL'], ['REALTIME_JWT_SECRET'],
    ['RESEND_API_KEY'], ['EMAIL_FROM'], ['MAIL_DRAIN_SECRET'], ['VAPID_PUBLIC_KEY'], ['VAPID_PRIVATE_KEY'], ['VAPID_SUBJECT'],
  ] as const)('refuses without %s, naming it (or what replaces it) and never a value', (name) => {
    const checked = checkEdgeEnv(without(name));
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    const expected = name === 'REALTIME_JWT_SECRET' ? 'REALTIME_SIGNING_JWK' : name;
    expect(checked.problems.map((p) => p.name)).toEqual([expected]);
    expect(checked.message).toContain(`${expected}: missing`);
    for (const value of Object.values(COMPLETE)) expect(checked.message).not.toContain(value);
  });

  it('refuses without any database URL, and an empty value counts as missing', () => {
    expect(problemNames(without('DATABASE_URL', { SUPABASE_DB_URL: '' }))).toEqual(['DATABASE_URL']);
    expect(problemNames({ ...COMPLETE, ADMIN_EMAIL: '  ' })).toEqual(['ADMIN_EMAIL']);
  });

  it('names every missing variable at once on an empty environment', () => {
    expect(problemNames({}).sort()).toEqual([
      'ADMIN_EMAIL', 'DATABASE_URL', 'EMAIL_FROM', 'MAIL_DRAIN_SECRET', 'REALTIME_PUBLISHABLE_KEY', 'REALTIME_SIGNING_JWK',
      'RESEND_API_KEY', 'SITE_URL', 'STORAGE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET',
      'SUPABASE_URL', 'VAPID_PRIVATE_KEY', 'VAPID_PUBLIC_KEY', 'VAPID_SUBJECT',
    ]);
  });

  it('takes test payments only with ALLOW_TEST_PAYMENTS=true', () => {
    const noStripe = { ...COMPLETE, STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '' };
    expect(problemNames(noStripe)).toHaveLength(3);
    expect(problemNames({ ...noStripe, ALLOW_TEST_PAYMENTS: 'yes' })).toContain('ALLOW_TEST_PAYMENTS');
    const checked = checkEdgeEnv({ ...noStripe, ALLOW_TEST_PAYMENTS: 'true' });
    expect(checked.ok && checked.env.ALLOW_TEST_PAYMENTS).toBe(true);
    expect(checked.ok && checked.notices).toEqual([expect.stringContaining('built-in test payments')]);
  });

  it('refuses malformed values: site origin, Stripe key kinds, pool size, proxy hops, allowed origins', () => {
    expect(problemNames({ ...COMPLETE, SITE_URL: 'paylocal.example' })).toEqual(['SITE_URL']);
    expect(problemNames({ ...COMPLETE, STRIPE_SECRET_KEY: 'pk_live_oops' })).toEqual(['STRIPE_SECRET_KEY']);
    expect(problemNames({ ...COMPLETE, STRIPE_WEBHOOK_SECRET: 'sk_live_123' })).toEqual(['STRIPE_WEBHOOK_SECRET']);
    expect(problemNames({ ...COMPLETE, DB_POOL_MAX: '0' })).toEqual(['DB_POOL_MAX']);
    expect(problemNames({ ...COMPLETE, TRUSTED_PROXY_HOPS: 'one' })).toEqual(['TRUSTED_PROXY_HOPS']);
    expect(problemNames({ ...COMPLETE, ALLOWED_ORIGINS: 'https://ok.example,not an origin' })).toEqual(['ALLOWED_ORIGINS']);
    expect(problemNames({ ...COMPLETE, VAPID_PUBLIC_KEY: 'short' })).toEqual(['VAPID_PUBLIC_KEY']);
    expect(problemNames({ ...COMPLETE, VAPID_PRIVATE_KEY: 'not+base64url' })).toEqual(['VAPID_PRIVATE_KEY']);
    expect(problemNames({ ...COMPLETE, VAPID_SUBJECT: 'owner@example.org' })).toEqual(['VAPID_SUBJECT']);
    expect(problemNames({ ...COMPLETE, DATABASE_URL: 'mysql://x' })).toEqual(['DATABASE_URL']);
    expect(problemNames({ ...COMPLETE, OBJECT_STORE: 'local' })).toEqual(['OBJECT_STORE']);
  });

  it('normalises SITE_URL to its origin, and reads TRUSTED_PROXY_HOPS', () => {
    const checked = checkEdgeEnv({ ...COMPLETE, SITE_URL: 'https://paylocal.example/app/', TRUSTED_PROXY_HOPS: '1' });
    expect(checked.ok && checked.env.SITE_URL).toBe('https://paylocal.example');
    expect(checked.ok && checked.env.TRUSTED_PROXY_HOPS).toBe(1);
  });

  it('takes the ES256 signing key instead of the legacy secret, and refuses a public or broken key', async () => {
    const jwk = await jwkText();
    expect(problemNames(without('REALTIME_JWT_SECRET', { REALTIME_SIGNING_JWK: jwk }))).toEqual([]);
    const { d: _d, ...publicOnly } = JSON.parse(jwk);
    const broken = checkEdgeEnv(without('REALTIME_JWT_SECRET', { REALTIME_SIGNING_JWK: JSON.stringify(publicOnly) }));
    expect(broken.ok ? [] : broken.problems).toEqual([{ name: 'REALTIME_SIGNING_JWK', message: 'lacks "d" (a public key cannot sign)' }]);
    expect(problemNames(without('REALTIME_JWT_SECRET', { REALTIME_SIGNING_JWK: 'not json' }))).toEqual(['REALTIME_SIGNING_JWK']);
  });

  it('refuses a secret key and a publishable key of different modes, naming the publishable key and never a value', () => {
    // Stripe takes a live payment the browser (on the test key) cannot confirm, or the reverse: nobody is paid.
    for (const [secretKey, publishableKey, said] of [
      ['sk_live_123', 'pk_test_123', /is a test-mode key but STRIPE_SECRET_KEY is a live-mode key/],
      ['sk_test_123', 'pk_live_123', /is a live-mode key but STRIPE_SECRET_KEY is a test-mode key/],
      ['rk_live_123', 'pk_test_123', /test-mode key but STRIPE_SECRET_KEY is a live-mode/],
    ] as const) {
      const checked = checkEdgeEnv({ ...COMPLETE, STRIPE_SECRET_KEY: secretKey, STRIPE_PUBLISHABLE_KEY: publishableKey });
      expect(checked.ok ? [] : checked.problems.map((p) => p.name)).toEqual(['STRIPE_PUBLISHABLE_KEY']);
      if (checked.ok) continue;
      expect(checked.message).toMatch(said);
      expect(checked.message).not.toContain(secretKey);
      expect(checked.message).not.toContain(publishableKey);
    }
    expect(problemNames({ ...COMPLETE, STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_PUBLISHABLE_KEY: 'pk_test_123' })).toEqual([]);
    expect(problemNames({ ...COMPLETE, STRIPE_SECRET_KEY: 'rk_live_123' })).toEqual([]);
  });

  it('reads the mode a key says, and none from a webhook secret (whsec_ does not tell)', () => {
    expect([stripeKeyMode('sk_test_x'), stripeKeyMode('rk_live_x'), stripeKeyMode('pk_live_x'), stripeKeyMode('whsec_x'), stripeKeyMode(undefined)])
      .toEqual(['test', 'live', 'live', null, null]);
  });

  it('accepts the new API keys in place of the legacy ones', () => {
    const env: Record<string, string> = without('SUPABASE_SERVICE_ROLE_KEY', { STORAGE_SECRET_KEY: 'sb_secret_abc', REALTIME_PUBLISHABLE_KEY: 'sb_publishable_abc' });
    const { SUPABASE_ANON_KEY: _anon, ...newKeysOnly } = env;
    expect(problemNames(newKeysOnly)).toEqual([]);
  });
});

describe('localEnv (the local runner)', () => {
  it('has safe local defaults', () => {
    const env = localEnv({});
    expect(env).toMatchObject({ port: 3000, adminEmail: 'admin@paylocal.local', adminPassword: 'admin12345', seed: true, siteUrl: null, trustedProxyHops: 0, allowedOrigins: [] });
  });

  it('reads values, and refuses malformed ones naming the variable', () => {
    expect(localEnv({ PORT: '3120', SEED: 'false', SITE_URL: 'http://localhost:3120/', ADMIN_EMAIL: 'Me@Example.com' })).toMatchObject({
      port: 3120, seed: false, siteUrl: 'http://localhost:3120', adminEmail: 'me@example.com',
    });
    expect(() => localEnv({ PORT: 'abc' })).toThrow(/PORT: must be a whole number/);
    expect(() => localEnv({ ADMIN_PASSWORD: 'short' })).toThrow(/ADMIN_PASSWORD: must be at least 8/);
    expect(() => localEnv({ SEED: 'no' })).toThrow(/SEED/);
  });

  it('sizes the PostgreSQL pool to twice the cores unless DB_POOL_MAX says otherwise', () => {
    expect([defaultPoolSize(1), defaultPoolSize(2), defaultPoolSize(8)]).toEqual([2, 4, 16]);
    expect(localEnv({}).poolSize).toBe(defaultPoolSize());
    expect(localEnv({ DB_POOL_MAX: '7' }).poolSize).toBe(7);
    expect(() => localEnv({ DB_POOL_MAX: '0' })).toThrow(/DB_POOL_MAX: must be at least 1/);
  });

  it('refuses test payments under NODE_ENV=production unless ALLOW_TEST_PAYMENTS=true, as the deployed function does', () => {
    // Before decision 170 this started, and a yearly membership on a test card cost nothing and counted in /impact.
    expect(() => localEnv({ NODE_ENV: 'production' })).toThrow(/STRIPE_SECRET_KEY: missing/);
    let message = '';
    try {
      localEnv({ NODE_ENV: 'production', STRIPE_PUBLISHABLE_KEY: 'pk_live_shown' });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/STRIPE_SECRET_KEY: missing \(.*ALLOW_TEST_PAYMENTS=true/);
    expect(message).toMatch(/STRIPE_WEBHOOK_SECRET: missing/);
    expect(message).not.toContain('pk_live_shown');
    expect(localEnv({ NODE_ENV: 'production', SITE_URL: 'https://paylocal.example', ALLOW_TEST_PAYMENTS: 'true' }).payments).toBe('test');
    expect(localEnv({ NODE_ENV: 'development' }).payments).toBe('test');
    expect(localEnv({}).payments).toBe('test');
    expect(localEnv({
      NODE_ENV: 'production', SITE_URL: 'https://paylocal.example', STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_live_1', STRIPE_WEBHOOK_SECRET: 'whsec_1',
    }).payments).toBe('stripe');
    expect(() => localEnv({ STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1' })).toThrow(/STRIPE_PUBLISHABLE_KEY: is a test-mode key/);
    expect(() => localEnv({ ALLOW_TEST_PAYMENTS: 'yes' })).toThrow(/ALLOW_TEST_PAYMENTS/);
  });
});

describe('one payment rule for both entries', () => {
  const cases: Record<string, string>[] = [
    {},
    { ALLOW_TEST_PAYMENTS: 'true' },
    { STRIPE_PUBLISHABLE_KEY: 'pk_test_1' },
    { STRIPE_SECRET_KEY: 'sk_live_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' },
    { STRIPE_SECRET_KEY: 'pk_live_1', STRIPE_PUBLISHABLE_KEY: 'sk_live_1', STRIPE_WEBHOOK_SECRET: 'sk_live_2' },
    { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_PUBLISHABLE_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' },
  ];
  const edgeProblems = (payments: Record<string, string>) => {
    const checked = checkEdgeEnv({ ...COMPLETE, STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '', ...payments });
    return checked.ok ? [] : checked.problems;
  };
  const localProblems = (payments: Record<string, string>) => {
    try {
      localEnv({ NODE_ENV: 'production', SITE_URL: 'https://paylocal.example', ...payments }); // both have SITE_URL (decision 176)
      return [];
    } catch (error) {
      return (error as Error).message.split('\n').slice(1).map((line) => {
        const [name, ...rest] = line.trim().split(': ');
        return { name, message: rest.join(': ') };
      });
    }
  };

  it.each(cases.map((c) => [JSON.stringify(c), c] as const))('%s: the deployed function and `npm start` in production say the same', (_label, payments) => {
    expect(localProblems(payments)).toEqual(edgeProblems(payments));
    const expected = paymentProblems({
      production: true, allowTestPayments: payments.ALLOW_TEST_PAYMENTS === 'true',
      secretKey: payments.STRIPE_SECRET_KEY, publishableKey: payments.STRIPE_PUBLISHABLE_KEY, webhookSecret: payments.STRIPE_WEBHOOK_SECRET,
    });
    expect(edgeProblems(payments)).toEqual(expected);
  });
});

describe('one config (decision 179)', () => {
  it('each entry point extends the API schema: every variable the API reads is parsed by both', () => {
    const apiNames = Object.keys(apiEnvSchema.shape);
    expect(apiNames.length).toBeGreaterThan(40);
    for (const name of apiNames) {
      expect(Object.keys(edgeEnvSchema.shape)).toContain(name);
      expect(Object.keys(localEnvSchema.shape)).toContain(name);
    }
  });

  it('hands config.ts typed values: the deployed function and the local runner both read SESSIONS_PER_ACCOUNT and the limits', () => {
    const edge = checkEdgeEnv({ ...COMPLETE, SESSIONS_PER_ACCOUNT: '4', RATE_LIMIT_ACCOUNT_SLOWDOWN_MS: '0', IDEMPOTENCY_LEASE_SECONDS: '30' });
    if (!edge.ok) throw new Error(edge.message);
    const fromEdge = configFromEnv(edge.env);
    expect(fromEdge).toMatchObject({
      sessionsPerAccount: 4, idempotencyLeaseSeconds: 30, siteUrl: 'https://deals.example.org', linkOrigin: 'https://deals.example.org',
      adminEmail: 'owner@paylocal.example', emailFrom: COMPLETE.EMAIL_FROM, mailDrainSecret: COMPLETE.MAIL_DRAIN_SECRET,
    });
    expect(fromEdge.rateLimit.accountSlowdownMs).toBe(0);
    expect(fromEdge.vapid).toEqual({ publicKey: COMPLETE.VAPID_PUBLIC_KEY, privateKey: COMPLETE.VAPID_PRIVATE_KEY, subject: COMPLETE.VAPID_SUBJECT });
    const plain = checkEdgeEnv(COMPLETE);
    expect(plain.ok && configFromEnv(plain.env).sessionsPerAccount).toBe(10);
    const local = configFromEnv(localEnv({ SESSIONS_PER_ACCOUNT: '5', PORT: '3120' }).api);
    expect(local).toMatchObject({ sessionsPerAccount: 5, linkOrigin: 'http://localhost:3120', siteUrl: null, vapid: null });
  });

  it('refuses a malformed limit by name, where before it fell back to the default in silence', () => {
    expect(problemNames({ ...COMPLETE, SESSIONS_PER_ACCOUNT: 'ten' })).toEqual(['SESSIONS_PER_ACCOUNT']);
    expect(problemNames({ ...COMPLETE, SESSIONS_PER_ACCOUNT: '0' })).toEqual(['SESSIONS_PER_ACCOUNT']);
    expect(() => localEnv({ SESSIONS_PER_ACCOUNT: '5000' })).toThrow(/SESSIONS_PER_ACCOUNT: must be at most 1000/);
    expect(() => parseApiEnv({ ADMIN_EMAIL: 'a@b.example', RATE_LIMIT_WINDOW_MINUTES: '-1' })).toThrow(/RATE_LIMIT_WINDOW_MINUTES/);
    expect(() => parseApiEnv({})).toThrow(/ADMIN_EMAIL: missing/);
  });

  it('reads the environment in the entry points only: no raw process.env or Deno.env elsewhere in the API or local/main.ts', () => {
    const root = join(import.meta.dirname, '..', '..', '..');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) files.push(path);
      }
    };
    walk(join(root, 'supabase', 'functions'));
    walk(join(root, 'local'));
    // The two entry points read the environment once and parse it; a default argument of local/env.ts too.
    const allowed = new Set(['supabase/functions/api/index.ts', 'local/env.ts']);
    const readers = files
      .filter((file) => /\b(process\.env|Deno\.env)\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(root, file).split('\\').join('/'))
      .filter((file) => !allowed.has(file));
    expect(readers).toEqual([]);
  });
});
