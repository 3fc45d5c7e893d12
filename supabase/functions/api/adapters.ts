// The one place where environment variables choose adapters for the API's ports.
import { configFromEnv } from './config.ts';
import type { AppDeps } from './context.ts';
import type { Database } from './db/database.ts';
import { postgresDatabase } from './db/postgres-js.ts';

type Env = Record<string, string | undefined>;

/** Deps for a deployment: `db` may be passed in (the local runner brings PGlite). */
export function depsFromEnv(env: Env, db?: Database): AppDeps {
  const url = env.SUPABASE_DB_URL ?? env.DATABASE_URL;
  if (!db && !url) throw new Error('Set SUPABASE_DB_URL or DATABASE_URL');
  return {
    db: db ?? postgresDatabase(url!, { max: Number.parseInt(env.DB_POOL_MAX ?? '', 10) || undefined }),
    config: configFromEnv(env),
  };
}
