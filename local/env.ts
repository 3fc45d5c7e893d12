import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { flagVar, intVar, optionalText, originListVar, originVar, paymentProblems } from '../supabase/functions/api/env.ts';

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
 * The local runner's environment (decision 075): safe local defaults, documented in .env.example. The
 * deployed Edge Function has its own schema without defaults for secrets (supabase/functions/api/env.ts).
 */
export const localEnvSchema = z.object({
  PORT: intVar(3000, 1, 65535),
  DATA_DIR: withDefault(join(repoRoot, '.data', 'pglite')),
  // PGlite runs with fsync off by default: it survives a killed process, not a power cut. true: fsync on.
  PGLITE_FSYNC: flagVar,
  DATABASE_URL: optionalText,
  DB_POOL_MAX: intVar(defaultPoolSize(), 1, 100),
  STATIC_DIR: withDefault(join(repoRoot, 'dist', 'web')),
  OBJECTS_DIR: withDefault(join(repoRoot, '.data', 'objects')),
  ADMIN_EMAIL: withDefault('admin@paylocal.local').pipe(z.email({ error: 'must be an email address' })).transform((e) => e.toLowerCase()),
  ADMIN_PASSWORD: withDefault('admin12345').pipe(z.string().min(8, { error: 'must be at least 8 characters' })),
  SEED: optionalText.pipe(z.enum(['true', 'false'], { error: 'must be "true" or "false"' }).optional()).transform((v) => v !== 'false'),
  SITE_URL: optionalText.pipe(originVar.optional()),
  ALLOWED_ORIGINS: originListVar,
  TRUSTED_PROXY_HOPS: intVar(0, 0, 10),
  // Payments (decision 170): the built-in test provider unless STRIPE_SECRET_KEY is set; NODE_ENV=production
  // refuses the test provider unless ALLOW_TEST_PAYMENTS=true, by the deployed function's own rule.
  NODE_ENV: optionalText,
  ALLOW_TEST_PAYMENTS: flagVar,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  MAIL_DIR: withDefault(join(repoRoot, '.data', 'mail')).transform((dir) => resolve(dir)),
  MAIL_DRAIN_INTERVAL_MS: intVar(1000, 50, 3_600_000),
  // Web Push (decision 110): the key pair made on first start, unless VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY are set.
  VAPID_KEYS_FILE: withDefault(join(repoRoot, '.data', 'vapid-keys.json')).transform((file) => resolve(file)),
  PUSH_DRAIN_INTERVAL_MS: intVar(1000, 50, 3_600_000),
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
  };
}
