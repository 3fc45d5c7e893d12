import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';

const repoRoot = join(import.meta.dirname, '..');

/** Reads .env (if present) without overriding variables already set. */
export function loadDotEnv(file = join(repoRoot, '.env')) {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Settings of the local runner, with the defaults documented in .env.example. */
export function localEnv(env: NodeJS.ProcessEnv = process.env) {
  return {
    port: Number.parseInt(env.PORT ?? '3000', 10),
    dataDir: env.DATA_DIR ?? join(repoRoot, '.data', 'pglite'),
    databaseUrl: env.DATABASE_URL || undefined,
    staticDir: env.STATIC_DIR ?? join(repoRoot, 'dist', 'web'),
    objectsDir: env.OBJECTS_DIR ?? join(repoRoot, '.data', 'objects'),
    mailDir: resolve(env.MAIL_DIR ?? join(repoRoot, '.data', 'mail')),
    mailDrainIntervalMs: Number.parseInt(env.MAIL_DRAIN_INTERVAL_MS ?? '', 10) || 1000,
    adminEmail: (env.ADMIN_EMAIL ?? 'admin@paylocal.local').trim().toLowerCase(),
    adminPassword: env.ADMIN_PASSWORD ?? 'admin12345',
    seed: env.SEED !== 'false',
  };
}
