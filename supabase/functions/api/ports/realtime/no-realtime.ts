import type { RealtimePort } from './realtime-port.ts';

/**
 * A server without realtime (neither the local runner's SSE stream nor Supabase Realtime configured):
 * browsers are told `none` once instead of being sent to a stream nobody serves. The deployed entry
 * refuses to start without a realtime signing key (env.ts), so this is for tests and tools.
 */
export function noRealtime(log: (line: string) => void = console.warn): RealtimePort {
  let logged = false;
  return {
    async connectionFor() {
      if (!logged) {
        logged = true;
        log('realtime: no transport configured (set REALTIME_SIGNING_JWK or REALTIME_JWT_SECRET with SUPABASE_URL); browsers get "none"');
      }
      return { transport: 'none' };
    },
  };
}
