import { userTopic } from '../../../_shared/contract/realtime.ts';
import { signHs256 } from '../../lib/jwt.ts';
import type { RealtimePort } from './realtime-port.ts';

export interface SupabaseRealtimeOptions {
  /** Project URL, e.g. https://<ref>.supabase.co */
  url: string;
  /** The anon (or publishable) key the browser's supabase-js client sends as apikey. */
  apiKey: string;
  /** The project's JWT secret: Realtime verifies the token with it. */
  jwtSecret: string;
  ttlSeconds: number;
  now?: () => number;
}

/**
 * Production: the browser joins its private topic on Supabase Realtime. The session cookie is
 * HttpOnly, so the API mints a short-lived token Supabase accepts as this user (role
 * authenticated, sub = the user id); Realtime then evaluates the realtime.messages policies with it.
 */
export function supabaseRealtime(options: SupabaseRealtimeOptions): RealtimePort {
  const now = options.now ?? Date.now;
  return {
    async connectionFor(user) {
      const issuedAt = Math.floor(now() / 1000);
      const expiresAt = issuedAt + options.ttlSeconds;
      const token = await signHs256({
        iss: `${options.url.replace(/\/$/, '')}/auth/v1`,
        aud: 'authenticated',
        role: 'authenticated',
        sub: user.id,
        email: user.email,
        iat: issuedAt,
        exp: expiresAt,
      }, options.jwtSecret);
      return {
        transport: 'supabase',
        userTopic: userTopic(user.id),
        url: options.url,
        apiKey: options.apiKey,
        token,
        expiresAt: new Date(expiresAt * 1000).toISOString(),
      };
    },
  };
}
