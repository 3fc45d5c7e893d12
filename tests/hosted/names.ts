// Names shared by the hosted rehearsal's parts.
import { basename, join } from 'node:path';

const checkout = basename(join(import.meta.dirname, '..', '..')).toLowerCase().replace(/[^a-z0-9]/g, '_');
/** The rehearsal's project database, one per checkout (a shared server may serve several). */
export const REHEARSAL_DB = `paylocal_hosted_${checkout}`.slice(0, 60);
/** The stand-in for Supabase's `postgres` role (on a CI server the superuser itself is called postgres). */
export const REHEARSAL_ROLE = 'supabase_postgres';
/** Set by tests/hosted/supabase-baseline.sql (a throwaway server's credentials). */
export const REHEARSAL_ROLE_PASSWORD = 'rehearsal-postgres';

/** The server URL re-pointed at the rehearsal database, as the project role (or as the superuser). */
export function rehearsalUrl(serverUrl: string, options: { superuser?: boolean; database?: string } = {}): string {
  const url = new URL(serverUrl);
  url.pathname = `/${options.database ?? REHEARSAL_DB}`;
  url.search = '';
  if (!options.superuser) {
    url.username = REHEARSAL_ROLE;
    url.password = REHEARSAL_ROLE_PASSWORD;
  }
  return url.toString();
}
