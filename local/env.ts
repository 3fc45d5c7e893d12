import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { apiEnvSchema, flagVar, intVar, optionalText, paymentProblems } from '../supabase/functions/api/env.ts';

const repoRoot = join(import.meta.dirname, '..');

/** Reads .env (if present) without overriding variables already set. */
export function loadDotEnv(file = join(repoRoot, '.env')) {
  if (existsSync(file)) process.loadEnvFile(file);
}

const withDefault = (fallback: string) => optionalText.transform((v) => v ?? fallback);

/**
 * Connections to a PostgreSQL server (DATABASE_URL): twice the cores, as PostgreSQL's own sizing advice
 * goes, since the local runner's server is on this machine. More backends than cores only take turns:
 * on 2 cores, 10 connections gave the same req/s as 4 with twice the p99 (decision 140).
 */
export const defaultPoolSize = (cores = availableParallelism()) => Math.max(2, 2 * cores);

/**
 * The local runner's environment (decisions 075, 179): the API's own schema (apiEnvSchema, which the deployed
 * Edge Function extends too) EXTENDED with what only this runner reads and with safe local defaults,
 * documented in .env.example. Parsed once at start (localEnv); main.ts hands its typed output on.
 */
export const localEnvSchema = apiEnvSchema.extend({
  DATA_DIR: withDefault(join(repoRoot, '.data', 'pglite')),
  // PGlite runs with fsync off by default: it survives a killed process, not a power cut. true: fsync on.
  PGLITE_FSYNC: flagVar,
  DB_POOL_MAX: intVar(defaultPoolSize(), 1, 100),
  STATIC_DIR: withDefault(join(repoRoot, 'dist', 'web')),
  OBJECTS_DIR: withDefault(join(repoRoot, '.data', 'objects')),
  ADMIN_EMAIL: withDefault('admin@paylocal.local').pipe(z.email({ error: 'must be an email address' })).transform((e) => e.toLowerCase()),
  ADMIN_PASSWORD: withDefault('admin12345').pipe(z.string().min(8, { error: 'must be at least 8 characters' })),
  SEED: optionalText.pipe(z.enum(['true', 'false'], { error: 'must be "true" or "false"' }).optional()).transform((v) => v !== 'false'),
  // Payments (decision 170): the built-in test provider unless STRIPE_SECRET_KEY is set; NODE_ENV=production
  // refuses the test provider unless ALLOW_TEST_PAYMENTS=true, by the deployed function's own rule.
  NODE_ENV: optionalText,
  MAIL_DIR: withDefault(join(repoRoot, '.data', 'mail')).transform((dir) => resolve(dir)),
  MAIL_DRAIN_INTERVAL_MS: intVar(1000, 50, 3_600_000),
  // Web Push (decision 110): the key pair made on first start, unless VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are set.
  VAPID_KEYS_FILE: withDefault(join(repoRoot, '.data', 'vapid-keys.json')).transform((file) => resolve(file)),
  PUSH_DRAIN_INTERVAL_MS: intVar(1000, 50, 3_600_000),
  // Server-sent realtime streams one session may hold open at once (local/realtime-sse.ts; its default when unset).
  REALTIME_MAX_STREAMS_PER_SESSION: intVar(0, 0, 100).transform((n) => n || undefined),
  // The control socket `npm run backup` asks the running PGlite server through (decision 197); unset: beside DATA_DIR
  // and named after it (.data/pglite.control.sock), so every data directory has its own.
  CONTROL_SOCKET: optionalText,
})
  // Runs even when a field above failed (`when`), so one message names every variable at fault.
  .superRefine((parsed, ctx) => {
    const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined);
    for (const problem of paymentProblems({
      production: text(parsed.NODE_ENV) === 'production',
      allowTestPayments: parsed.ALLOW_TEST_PAYMENTS === true || parsed.ALLOW_TEST_PAYMENTS === ('true' as unknown),
      secretKey: text(parsed.STRIPE_SECRET_KEY),
      publishableKey: text(parsed.STRIPE_PUBLISHABLE_KEY),
      webhookSecret: text(parsed.STRIPE_WEBHOOK_SECRET),
    })) ctx.addIssue({ code: 'custom', path: [problem.name], message: problem.message });
    // A shop in production mode needs its public origin: links in mail are built from it alone (decision 176).
    if (text(parsed.NODE_ENV) === 'production' && !text(parsed.SITE_URL)) {
      ctx.addIssue({ code: 'custom', path: ['SITE_URL'], message: 'required when NODE_ENV=production (the public origin every link in mail points at, e.g. https://shop.example)' });
    }
  }, { when: () => true });

/** Settings of the local runner; a malformed value stops it with a message naming the variable. */
export function localEnv(env: NodeJS.ProcessEnv = process.env) {
  const parsed = localEnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${String(issue.path[0])}: ${issue.message}`);
    throw new Error(`Invalid environment for the local runner:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    dataDir: e.DATA_DIR,
    pgliteFsync: e.PGLITE_FSYNC,
    databaseUrl: e.DATABASE_URL,
    poolSize: e.DB_POOL_MAX,
    staticDir: e.STATIC_DIR,
    objectsDir: e.OBJECTS_DIR,
    mailDir: e.MAIL_DIR,
    mailDrainIntervalMs: e.MAIL_DRAIN_INTERVAL_MS,
    vapidKeysFile: e.VAPID_KEYS_FILE,
    pushDrainIntervalMs: e.PUSH_DRAIN_INTERVAL_MS,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    seed: e.SEED,
    siteUrl: e.SITE_URL ?? null,
    allowedOrigins: e.ALLOWED_ORIGINS,
    trustedProxyHops: e.TRUSTED_PROXY_HOPS,
    /** Payments: Stripe with STRIPE_SECRET_KEY, else the built-in test provider (allowed outside production). */
    payments: e.STRIPE_SECRET_KEY ? 'stripe' as const : 'test' as const,
    realtimeMaxStreamsPerSession: e.REALTIME_MAX_STREAMS_PER_SESSION,
    controlSocket: resolve(e.CONTROL_SOCKET ?? `${e.DATA_DIR.replace(/[/\\]+$/, '')}.control.sock`),
    /** The parsed settings the API receives (adapters.ts, config.ts): no second parse of the environment. */
    api: e,
  };
}
