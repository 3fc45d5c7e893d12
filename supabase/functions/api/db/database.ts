// The one database port the API uses. Adapters: postgres.js (Edge Function, any Postgres) and
// PGlite (the embedded default, in local/). Every request's SQL runs inside a transaction as a
// Supabase role with request.jwt.claims set, exactly like Supabase's Data API, so RLS decides.

type DbRole = 'anon' | 'authenticated' | 'service_role';

export interface Claims {
  role: DbRole;
  sub?: string;
  email?: string;
}

type Row = Record<string, unknown>;
export type Query = <T = Row>(text: string, params?: readonly unknown[]) => Promise<T[]>;

export interface Database {
  /** Runs `work` in one transaction as `claims.role`; rolls back if it throws. */
  transaction<T>(claims: Claims, work: (query: Query) => Promise<T>): Promise<T>;
  /** Subscribes to NOTIFY on a channel (embedded realtime). */
  listen?(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Sets the role and claims for the rest of the transaction (set_config(..., true) = SET LOCAL). */
export const claimsSetupSql =
  "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true)";

export const claimsSetupParams = (claims: Claims): [string, string] => [claims.role, JSON.stringify(claims)];

export const serviceClaims: Claims = { role: 'service_role' };
export const anonClaims: Claims = { role: 'anon' };
