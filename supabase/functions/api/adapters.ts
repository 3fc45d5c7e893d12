// The one place where environment variables choose adapters for the API's ports.
import { configFromEnv } from './config.ts';
import type { AppDeps } from './context.ts';
import type { Database } from './db/database.ts';
import { postgresDatabase } from './db/postgres-js.ts';
import type { RealtimePort } from './ports/realtime.ts';
import { sseRealtime } from './ports/realtime-sse.ts';
import { supabaseRealtime } from './ports/realtime-supabase.ts';

type Env = Record<string, string | undefined>;

/** Deps for a deployment: `db` may be passed in (the local runner brings PGlite). */
export function depsFromEnv(env: Env, db?: Database): AppDeps {
  const url = env.SUPABASE_DB_URL ?? env.DATABASE_URL;
  if (!db && !url) throw new Error('Set SUPABASE_DB_URL or DATABASE_URL');
  return {
    db: db ?? postgresDatabase(url!, { max: Number.parseInt(env.DB_POOL_MAX ?? '', 10) || undefined }),
    config: configFromEnv(env),
    realtime: realtimeFromEnv(env),
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
