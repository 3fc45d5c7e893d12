// The one place where environment variables choose adapters for the API's ports.
import { configFromEnv } from './config.ts';
import type { AppDeps } from './context.ts';
import type { Database } from './db/database.ts';
import { postgresDatabase } from './db/postgres-js.ts';
import type { RealtimePort } from './ports/realtime/realtime-port.ts';
import { sseRealtime } from './ports/realtime/sse-realtime.ts';
import { supabaseRealtime } from './ports/realtime/supabase-realtime.ts';
import { localFolderStore } from './ports/objects/local-folder-store.ts';
import type { ObjectStore } from './ports/objects/object-store.ts';
import { supabaseStorageStore } from './ports/objects/supabase-storage-store.ts';
import type { PaymentProvider } from './ports/payments/payment-provider.ts';
import { stripePaymentProvider } from './ports/payments/stripe-provider.ts';
import { testPaymentProvider } from './ports/payments/test-provider.ts';

type Env = Record<string, string | undefined>;

/** Stripe when STRIPE_SECRET_KEY is set; otherwise the built-in test provider (no network). */
function paymentsFromEnv(env: Env): PaymentProvider {
  if (env.STRIPE_SECRET_KEY) {
    return stripePaymentProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY || null,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
    });
  }
  return testPaymentProvider();
}

/** Supabase Storage when SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY are set (unless OBJECT_STORE=local); else a local folder. */
function objectsFromEnv(env: Env): ObjectStore {
  const useSupabase = env.OBJECT_STORE !== 'local' && env.SUPABASE_URL && env.SUPABASE_SERVICE_ROLE_KEY;
  if (useSupabase) {
    return supabaseStorageStore({
      url: env.SUPABASE_URL!, serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY!, bucket: env.STORAGE_BUCKET || 'objects',
    });
  }
  return localFolderStore(env.OBJECTS_DIR || '.data/objects');
}

/** Deps for a deployment: `db` may be passed in (the local runner brings PGlite). */
export function depsFromEnv(env: Env, db?: Database): AppDeps {
  const url = env.SUPABASE_DB_URL ?? env.DATABASE_URL;
  if (!db && !url) throw new Error('Set SUPABASE_DB_URL or DATABASE_URL');
  return {
    db: db ?? postgresDatabase(url!, { max: Number.parseInt(env.DB_POOL_MAX ?? '', 10) || undefined }),
    config: configFromEnv(env),
    realtime: realtimeFromEnv(env),
    payments: paymentsFromEnv(env),
    objects: objectsFromEnv(env),
  };
}

/**
 * Supabase Realtime when the project's URL, anon key and JWT secret are known; otherwise the local
 * runner's SSE stream. Hosted projects reserve the SUPABASE_ prefix for their own secrets, so the
 * JWT secret may also come as REALTIME_JWT_SECRET (supabase secrets set REALTIME_JWT_SECRET=...).
 */
export function realtimeFromEnv(env: Env): RealtimePort {
  const jwtSecret = env.SUPABASE_JWT_SECRET ?? env.REALTIME_JWT_SECRET;
  const url = env.SUPABASE_URL;
  const apiKey = env.SUPABASE_ANON_KEY;
  if (jwtSecret && url && apiKey) {
    const ttl = Number.parseInt(env.REALTIME_TOKEN_TTL_SECONDS ?? '', 10);
    return supabaseRealtime({ url, apiKey, jwtSecret, ttlSeconds: Number.isFinite(ttl) && ttl > 0 ? ttl : 600 });
  }
  return sseRealtime();
}
