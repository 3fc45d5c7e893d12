// The deployed Edge Function's environment, checked once at start-up (decision 075). Nothing here has a
// default for a secret: a missing payment key, admin address, database URL, site origin or realtime
// signing key stops the function with a message naming the variable, never a silent demo fallback.
// One schema of the API's variables (apiEnvSchema) that each entry extends: this file's edgeEnvSchema, and
// the local runner's, with safe local defaults (local/env.ts). Decision 179.
import { z } from 'zod';
import { PLANS } from '../_shared/constants.ts';
import { DEFAULT_POOL_MAX } from './db/database.ts';
import { parseEs256PrivateJwk } from './ports/jwt.ts';
import { parseGoogleServiceAccount } from './ports/wallet/google-wallet.ts';

type Env = Record<string, string | undefined>;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** An optional text variable ("" counts as unset). */
export const optionalText = z.preprocess(blankToUndefined, z.string().trim().optional());

/** A required text variable; `meaning` says what it is (the message never holds a value). */
export const requiredText = (meaning: string) =>
  z.preprocess(blankToUndefined, z.string({ error: `missing (${meaning})` }).trim());

/** A whole number within bounds, with a default when unset. */
export const intVar = (fallback: number, min: number, max: number) =>
  z.preprocess(
    blankToUndefined,
    z.string().trim().regex(/^\d+$/, { error: `must be a whole number from ${min} to ${max}` })
      .transform(Number)
      .pipe(z.number().int().min(min, { error: `must be at least ${min}` }).max(max, { error: `must be at most ${max}` }))
      .optional()
      .transform((n) => n ?? fallback),
  );

/** "true"/"false" (default false). */
export const flagVar = z.preprocess(
  blankToUndefined,
  z.enum(['true', 'false'], { error: 'must be "true" or "false"' }).optional().transform((v) => v === 'true'),
);

const toOrigin = (text: string): string | null => {
  try {
    const url = new URL(text);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    return url.origin;
  } catch {
    return null;
  }
};

/** An origin such as https://paylocal.example (a trailing slash or path is dropped). */
export const originVar = z.string().trim().transform((text, ctx) => {
  const origin = toOrigin(text);
  if (!origin) {
    ctx.addIssue({ code: 'custom', message: 'must be an origin like https://paylocal.example' });
    return z.NEVER;
  }
  return origin;
});

/** Comma-separated origins (ALLOWED_ORIGINS). */
export const originListVar = z.preprocess(
  blankToUndefined,
  z.string().optional().transform((text, ctx) => {
    const origins: string[] = [];
    for (const part of (text ?? '').split(',').map((p) => p.trim()).filter(Boolean)) {
      const origin = toOrigin(part);
      if (!origin) {
        ctx.addIssue({ code: 'custom', message: 'must be comma-separated origins like https://a.example,https://b.example' });
        return z.NEVER;
      }
      origins.push(origin);
    }
    return origins;
  }),
);

/** Stripe's mode as a key says it (sk_test_, rk_live_, pk_test_ ...); null when it does not say (whsec_ never does). */
export function stripeKeyMode(key: string | undefined): 'test' | 'live' | null {
  const mode = key?.match(/^(?:sk|rk|pk)_(test|live)_/)?.[1];
  return mode === 'test' || mode === 'live' ? mode : null;
}

/** What the payment rule reads; `production`: the deployed function always, the local runner when NODE_ENV=production. */
export interface PaymentSettings {
  production: boolean;
  allowTestPayments: boolean;
  secretKey?: string;
  publishableKey?: string;
  webhookSecret?: string;
}

/**
 * The one payment rule of both entries, the deployed function and the local runner (decisions 075, 170).
 * Without a Stripe secret key the built-in test payments run (test cards, no money): production refuses
 * that unless ALLOW_TEST_PAYMENTS=true, and with Stripe it needs all three Stripe variables. Keys must be
 * of their kind, and the secret and publishable keys of one mode: a live secret key with a test
 * publishable key (or the reverse) takes payments the browser cannot make, or makes ones nobody is paid.
 * Problems name the variable, never a value.
 */
export function paymentProblems(s: PaymentSettings): { name: string; message: string }[] {
  const problems: { name: string; message: string }[] = [];
  const missing = (name: string, meaning: string) => problems.push({ name, message: `missing (${meaning})` });
  if (s.production && !s.allowTestPayments) {
    const unless = 'or set ALLOW_TEST_PAYMENTS=true to take test cards only';
    if (!s.secretKey) missing('STRIPE_SECRET_KEY', `Stripe secret key sk_..., ${unless}`);
    if (!s.publishableKey) missing('STRIPE_PUBLISHABLE_KEY', `Stripe publishable key pk_..., ${unless}`);
    if (!s.webhookSecret) missing('STRIPE_WEBHOOK_SECRET', `the webhook endpoint's signing secret whsec_..., ${unless}`);
  }
  if (s.secretKey && !/^(sk|rk)_/.test(s.secretKey)) {
    problems.push({ name: 'STRIPE_SECRET_KEY', message: 'must be a Stripe secret key (sk_... or rk_...)' });
  }
  if (s.publishableKey && !s.publishableKey.startsWith('pk_')) {
    problems.push({ name: 'STRIPE_PUBLISHABLE_KEY', message: 'must be a Stripe publishable key (pk_...)' });
  }
  if (s.webhookSecret && !s.webhookSecret.startsWith('whsec_')) {
    problems.push({ name: 'STRIPE_WEBHOOK_SECRET', message: 'must be a webhook signing secret (whsec_...)' });
  }
  const secretMode = stripeKeyMode(s.secretKey);
  const publishableMode = stripeKeyMode(s.publishableKey);
  if (secretMode && publishableMode && secretMode !== publishableMode) {
    problems.push({
      name: 'STRIPE_PUBLISHABLE_KEY',
      message: `is a ${publishableMode}-mode key but STRIPE_SECRET_KEY is a ${secretMode}-mode key: take both from the same mode`,
    });
  }
  return problems;
}

const emailVar = (meaning: string) =>
  requiredText(meaning).pipe(z.email({ error: 'must be an email address' })).transform((e) => e.toLowerCase());

const postgresUrl = optionalText.pipe(
  z.string().regex(/^postgres(ql)?:\/\//, { error: 'must be a postgres:// connection string' }).optional(),
);

const withDefault = (fallback: string) => optionalText.transform((v) => v ?? fallback);

/** Comma-separated host names, lower-cased (PUSH_ALLOWED_HOSTS). */
const hostListVar = optionalText.transform((text) => (text ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean));

/**
 * Every variable the API itself reads (config.ts, adapters.ts), with the defaults a development or test run
 * gets. Each entry point EXTENDS this one schema (decision 179): the Edge Function (edgeEnvSchema below) makes
 * its secrets required and adds its start-up rules; the local runner (local/env.ts) adds PGlite, the static
 * folder and local defaults. The typed output (`ApiEnv`) is what config.ts and adapters.ts receive: nothing
 * after the parse reads the raw environment or turns a value back into a string.
 * Add a new variable here (and to README's table and .env.production.example; a test checks both).
 */
export const apiEnvSchema = z.object({
  // Database: the pooler URL the operator sets wins over the direct one Supabase provides.
  DATABASE_URL: postgresUrl,
  SUPABASE_DB_URL: postgresUrl,
  // A read replica's pooler URL for the reads that may lag (decision 181); unset, they run on the primary.
  DATABASE_READ_URL: postgresUrl,
  // Connections per function instance: the pooler's client limit / this = the instances it admits (decision 181).
  DB_POOL_MAX: intVar(DEFAULT_POOL_MAX, 1, 20),
  // Who and where.
  ADMIN_EMAIL: emailVar('the one account the admin dashboard admits'),
  SITE_URL: optionalText.pipe(originVar.optional()),
  /** Only where SITE_URL is unset (the local runner): links in mail point at http://localhost:PORT. */
  PORT: intVar(3000, 1, 65535),
  ALLOWED_ORIGINS: originListVar,
  TRUSTED_PROXY_HOPS: intVar(0, 0, 10),
  // Payments (decision 170).
  ALLOW_TEST_PAYMENTS: flagVar,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  // Supabase project (SUPABASE_* are provided by the platform to every Edge Function).
  SUPABASE_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  SUPABASE_SERVICE_ROLE_KEY: optionalText,
  STORAGE_SECRET_KEY: optionalText,
  STORAGE_BUCKET: withDefault('objects'),
  OBJECT_STORE: optionalText.pipe(z.enum(['local', 'supabase'], { error: 'must be "local" or "supabase" (or unset)' }).optional()),
  OBJECTS_DIR: withDefault('.data/objects'),
  OBJECT_UPLOAD_SECRET: optionalText,
  OBJECT_UPLOAD_TTL_SECONDS: intVar(900, 60, 86_400),
  UPLOAD_QUOTA_PER_DAY: intVar(20, 1, 10_000),
  SUPABASE_ANON_KEY: optionalText,
  REALTIME_PUBLISHABLE_KEY: optionalText,
  REALTIME_SIGNING_JWK: optionalText,
  REALTIME_JWT_SECRET: optionalText,
  SUPABASE_JWT_SECRET: optionalText,
  REALTIME_TOKEN_TTL_SECONDS: intVar(600, 60, 3600),
  // Mail (decision 090): Resend with RESEND_API_KEY, else .eml files in MAIL_DIR (never on the Edge Function).
  RESEND_API_KEY: optionalText,
  RESEND_API_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  EMAIL_FROM: withDefault('Pay Local <no-reply@paylocal.local>'),
  MAIL_DRAIN_SECRET: optionalText,
  MAIL_DIR: withDefault('.data/mail'),
  // The operator's console (decision 195): a token an uptime monitor sends for GET /api/health?deep=1.
  HEALTH_CHECK_TOKEN: optionalText.pipe(z.string().min(16, { error: 'must be at least 16 characters' }).optional()),
  // Web Push (decision 110): the VAPID key pair (base64url, as `npx web-push generate-vapid-keys` prints it)
  // and the contact push services may use (default mailto:ADMIN_EMAIL).
  VAPID_PUBLIC_KEY: optionalText,
  VAPID_PRIVATE_KEY: optionalText,
  VAPID_SUBJECT: optionalText,
  PUSH_ALLOWED_HOSTS: hostListVar,
  // Google Wallet (decision 207): the issuer id from the Google Pay & Wallet Console and the JSON key file of a
  // service account that issuer admits. Both set: members get "Add to Google Wallet"; unset, the offer is absent.
  GOOGLE_WALLET_ISSUER_ID: optionalText.pipe(z.string().regex(/^\d+$/, { error: 'must be the numeric issuer id' }).optional()),
  GOOGLE_WALLET_SERVICE_ACCOUNT: optionalText,
  /** Only for the local test double: the API's base (default https://walletobjects.googleapis.com). */
  GOOGLE_WALLET_API_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  // The owner's address lookup (decision 208): the base URL of a Nominatim-compatible search API. Unset: owners
  // type coordinates.
  GEOCODER_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  // The members' map (decision 209): a MapLibre style URL. Unset: no map, the list only. MAP_ORIGINS: the other
  // origins its tiles, glyphs and sprites come from (comma-separated), read with MAP_STYLE_URL where the web's CSP is
  // written (local/server.ts, scripts/vite/security-headers.ts): no tile host is hard-wired.
  MAP_STYLE_URL: optionalText.pipe(z.url({ error: 'must be a URL' }).optional()),
  MAP_ORIGINS: originListVar,
  // Apple Wallet (decision 207): the Pass Type ID, the team, and PEM text of the pass certificate, its key (and
  // passphrase) and Apple's WWDR certificate. All set: members get "Add to Apple Wallet"; any unset, it is absent.
  APPLE_WALLET_PASS_TYPE_ID: optionalText,
  APPLE_WALLET_TEAM_ID: optionalText,
  APPLE_WALLET_CERTIFICATE: optionalText,
  APPLE_WALLET_KEY: optionalText,
  APPLE_WALLET_KEY_PASSPHRASE: optionalText,
  APPLE_WALLET_WWDR_CERTIFICATE: optionalText,
  // Referrals (decision 200): the account credit each side gets, in cents; default one month of the monthly plan.
  REFERRAL_CREDIT_CENTS: intVar(PLANS.monthly.priceCents, 1, 100_000),
  // Accounts and abuse limits (decisions 089, 168, 175, 176).
  BCRYPT_ROUNDS: intVar(10, 4, 15),
  SESSIONS_PER_ACCOUNT: intVar(10, 1, 1000),
  IDEMPOTENCY_LEASE_SECONDS: intVar(60, 1, 3600),
  RATE_LIMIT_WINDOW_MINUTES: intVar(15, 1, 1440),
  RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS: intVar(5, 1, 10_000),
  RATE_LIMIT_LOGIN_FAILURES_PER_IP: intVar(20, 1, 100_000),
  RATE_LIMIT_ACCOUNT_SLOWDOWN_AFTER: intVar(10, 1, 100_000),
  RATE_LIMIT_ACCOUNT_SLOWDOWN_MS: intVar(2000, 0, 60_000),
  RATE_LIMIT_REGISTRATIONS_PER_IP: intVar(20, 1, 100_000),
  RATE_LIMIT_COUNTER_GUESSES_PER_DEVICE: intVar(20, 1, 100_000),
  RATE_LIMIT_COUNTER_GUESSES_PER_BUSINESS: intVar(100, 1, 1_000_000),
  RATE_LIMIT_COUNTER_GUESS_WINDOW_SECONDS: intVar(300, 1, 86_400),
  RATE_LIMIT_ACCOUNT_MAIL_PER_EMAIL: intVar(3, 1, 10_000),
  RATE_LIMIT_ACCOUNT_MAIL_PER_IP: intVar(20, 1, 100_000),
  RATE_LIMIT_ACCOUNT_ATTEMPTS_PER_IP: intVar(30, 1, 100_000),
  RATE_LIMIT_ACCOUNT_ATTEMPTS_PER_ACCOUNT: intVar(10, 1, 100_000),
  RATE_LIMIT_ACCOUNT_ATTEMPTS_WINDOW_SECONDS: intVar(900, 1, 86_400),
});

/** The API's settings, parsed: what config.ts and adapters.ts receive. */
export type ApiEnv = z.output<typeof apiEnvSchema>;

/** A problem list as one message per line, naming variables and never a value. */
const problemsOf = (error: z.ZodError) => error.issues.map((issue) => ({ name: String(issue.path[0] ?? '?'), message: issue.message }));

/**
 * Parses the API's own schema (tests, benches, tools that build an app without an entry point's extras);
 * throws naming every variable at fault.
 */
export function parseApiEnv(raw: Env): ApiEnv {
  const parsed = apiEnvSchema.safeParse(raw);
  if (!parsed.success) throw new Error(`Invalid environment:\n${problemsOf(parsed.error).map((p) => `  ${p.name}: ${p.message}`).join('\n')}`);
  return parsed.data;
}

/**
 * The deployed Edge Function: the API's schema with every secret it needs required (no demo fallbacks),
 * plus the rules across variables.
 */
export const edgeEnvSchema = apiEnvSchema
  .extend({
    ADMIN_EMAIL: emailVar('the one account the admin dashboard admits'),
    SITE_URL: z.preprocess(blankToUndefined, z.string({ error: 'missing (the public site origin, e.g. https://paylocal.example)' }).pipe(originVar)),
    SUPABASE_URL: requiredText('the project URL, https://<ref>.supabase.co; Supabase sets it').pipe(z.url({ error: 'must be a URL' })),
    // The outbox is drained by Supabase Cron calling POST /api/internal/drain-outbox with MAIL_DRAIN_SECRET.
    RESEND_API_KEY: requiredText('the Resend API key re_... every mail is sent with'),
    EMAIL_FROM: requiredText('the sender of every mail, e.g. "Pay Local <hello@paylocal.example>", on a domain verified with Resend'),
    MAIL_DRAIN_SECRET: requiredText('the secret Supabase Cron sends in x-drain-secret to drain the mail outbox'),
    VAPID_PUBLIC_KEY: requiredText('the VAPID public key browsers subscribe with (base64url P-256 point)'),
    VAPID_PRIVATE_KEY: requiredText('the VAPID private key push requests are signed with (base64url, 32 bytes)'),
    VAPID_SUBJECT: requiredText('a contact for push services, mailto:you@paylocal.example or https://paylocal.example')
      .pipe(z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, { error: 'must be a mailto: or https: address' })),
  })
  // Runs even when a field above failed (`when`), so one message names every variable at fault.
  .superRefine((parsed, ctx) => {
    // Fields may be raw strings here when another field failed: read only the text ones, defensively.
    const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
    const env = {
      DATABASE_URL: text(parsed.DATABASE_URL), SUPABASE_DB_URL: text(parsed.SUPABASE_DB_URL),
      ALLOW_TEST_PAYMENTS: parsed.ALLOW_TEST_PAYMENTS === true || parsed.ALLOW_TEST_PAYMENTS === ('true' as unknown),
      STRIPE_SECRET_KEY: text(parsed.STRIPE_SECRET_KEY), STRIPE_PUBLISHABLE_KEY: text(parsed.STRIPE_PUBLISHABLE_KEY),
      STRIPE_WEBHOOK_SECRET: text(parsed.STRIPE_WEBHOOK_SECRET), STORAGE_SECRET_KEY: text(parsed.STORAGE_SECRET_KEY),
      SUPABASE_SERVICE_ROLE_KEY: text(parsed.SUPABASE_SERVICE_ROLE_KEY), OBJECT_STORE: text(parsed.OBJECT_STORE),
      REALTIME_PUBLISHABLE_KEY: text(parsed.REALTIME_PUBLISHABLE_KEY), SUPABASE_ANON_KEY: text(parsed.SUPABASE_ANON_KEY),
      REALTIME_SIGNING_JWK: text(parsed.REALTIME_SIGNING_JWK), REALTIME_JWT_SECRET: text(parsed.REALTIME_JWT_SECRET),
    };
    const missing = (path: string, meaning: string) => ctx.addIssue({ code: 'custom', path: [path], message: `missing (${meaning})` });
    if (!env.DATABASE_URL && !env.SUPABASE_DB_URL) {
      missing('DATABASE_URL', 'the database: the transaction pooler URL, port 6543; SUPABASE_DB_URL is the fallback');
    }
    // A deployed function is production: the same rule as the local runner under NODE_ENV=production.
    for (const problem of paymentProblems({
      production: true, allowTestPayments: env.ALLOW_TEST_PAYMENTS,
      secretKey: env.STRIPE_SECRET_KEY, publishableKey: env.STRIPE_PUBLISHABLE_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    })) ctx.addIssue({ code: 'custom', path: [problem.name], message: problem.message });
    if (!env.STORAGE_SECRET_KEY && !env.SUPABASE_SERVICE_ROLE_KEY) {
      missing('STORAGE_SECRET_KEY', 'a secret key sb_secret_... for Storage uploads; SUPABASE_SERVICE_ROLE_KEY is the fallback');
    }
    if (env.OBJECT_STORE === 'local') {
      ctx.addIssue({ code: 'custom', path: ['OBJECT_STORE'], message: 'cannot be "local" in an Edge Function (no disk); unset it' });
    }
    if (!env.REALTIME_PUBLISHABLE_KEY && !env.SUPABASE_ANON_KEY) {
      missing('REALTIME_PUBLISHABLE_KEY', "the publishable key sb_publishable_... browsers send to Realtime; SUPABASE_ANON_KEY is the fallback");
    }
    if (env.REALTIME_SIGNING_JWK) {
      try {
        parseEs256PrivateJwk(env.REALTIME_SIGNING_JWK);
      } catch (error) {
        ctx.addIssue({ code: 'custom', path: ['REALTIME_SIGNING_JWK'], message: (error as Error).message });
      }
    } else if (!env.REALTIME_JWT_SECRET) {
      missing('REALTIME_SIGNING_JWK', "the realtime signing key: the private ES256 JWK imported into the project's JWT signing keys; REALTIME_JWT_SECRET (legacy HS256) is the fallback");
    }
    const walletIssuer = text(parsed.GOOGLE_WALLET_ISSUER_ID);
    const walletAccount = text(parsed.GOOGLE_WALLET_SERVICE_ACCOUNT);
    if (walletIssuer && !walletAccount) missing('GOOGLE_WALLET_SERVICE_ACCOUNT', "the Google Wallet service account's JSON key file, or unset GOOGLE_WALLET_ISSUER_ID");
    if (walletAccount && !walletIssuer) missing('GOOGLE_WALLET_ISSUER_ID', 'the Google Wallet issuer id, or unset GOOGLE_WALLET_SERVICE_ACCOUNT');
    if (walletAccount) {
      try {
        parseGoogleServiceAccount(walletAccount);
      } catch (error) {
        ctx.addIssue({ code: 'custom', path: ['GOOGLE_WALLET_SERVICE_ACCOUNT'], message: (error as Error).message });
      }
    }
    const appleParts = ['APPLE_WALLET_PASS_TYPE_ID', 'APPLE_WALLET_TEAM_ID', 'APPLE_WALLET_CERTIFICATE', 'APPLE_WALLET_KEY', 'APPLE_WALLET_WWDR_CERTIFICATE'] as const;
    const appleSet = appleParts.filter((name) => text(parsed[name]));
    if (appleSet.length > 0 && appleSet.length < appleParts.length) {
      for (const name of appleParts.filter((n) => !appleSet.includes(n))) missing(name, 'Apple Wallet needs all five APPLE_WALLET_* variables, or none');
    }
    const vapidPublic = text(parsed.VAPID_PUBLIC_KEY);
    const vapidPrivate = text(parsed.VAPID_PRIVATE_KEY);
    if (vapidPublic && !/^[A-Za-z0-9_-]{87}$/.test(vapidPublic)) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PUBLIC_KEY'], message: 'must be a base64url uncompressed P-256 public key (87 characters)' });
    }
    if (vapidPrivate && !/^[A-Za-z0-9_-]{43}$/.test(vapidPrivate)) {
      ctx.addIssue({ code: 'custom', path: ['VAPID_PRIVATE_KEY'], message: 'must be a base64url P-256 private key (43 characters)' });
    }
  }, { when: () => true });

export type EdgeEnv = z.output<typeof edgeEnvSchema>;

export type EdgeEnvCheck =
  | {
    ok: true;
    env: EdgeEnv;
    /** Lines worth a log entry at start (never values). */
    notices: string[];
  }
  | { ok: false; problems: { name: string; message: string }[]; message: string };

/** Checks the deployed function's environment; the message names every variable at fault, never a value. */
export function checkEdgeEnv(raw: Env): EdgeEnvCheck {
  const parsed = edgeEnvSchema.safeParse(raw);
  if (!parsed.success) {
    const problems = problemsOf(parsed.error);
    const message = [
      'api: refusing to start: the environment is incomplete.',
      ...problems.map((p) => `  ${p.name}: ${p.message}`),
      'Set them with `npx supabase secrets set NAME=value` (README, "Deploying to Supabase").',
    ].join('\n');
    return { ok: false, problems, message };
  }
  const env = parsed.data;
  const notices: string[] = [];
  if (env.ALLOW_TEST_PAYMENTS && !env.STRIPE_SECRET_KEY) notices.push('api: ALLOW_TEST_PAYMENTS=true and no Stripe key: built-in test payments (test cards only)');
  if (!env.DATABASE_URL) notices.push('api: no DATABASE_URL: using SUPABASE_DB_URL (a direct connection; the transaction pooler is recommended)');
  return { ok: true, env, notices };
}
