import { userTopic } from '../../../_shared/contract/realtime.ts';
import { type Es256PrivateJwk, signEs256, signHs256 } from '../jwt.ts';
import type { RealtimePort } from './realtime-port.ts';

/** How the token is signed: the project's asymmetric signing key (preferred), or the legacy JWT secret. */
export type RealtimeSigner = { alg: 'ES256'; jwk: Es256PrivateJwk } | { alg: 'HS256'; secret: string };

export interface SupabaseRealtimeOptions {
  /** Project URL, e.g. https://<ref>.supabase.co */
  url: string;
  /** The publishable (or legacy anon) key the browser's supabase-js client sends as apikey. */
  apiKey: string;
  /** Realtime verifies the token against the project's JWKS (ES256, by kid) or its legacy JWT secret (HS256). */
  signer: RealtimeSigner;
  ttlSeconds: number;
  now?: () => number;
}

/**
 * Production: the browser joins its private topic on Supabase Realtime. The session cookie is
 * HttpOnly, so the API mints a short-lived token Supabase accepts as this user (role
 * authenticated, sub = the user id); Realtime then evaluates the realtime.messages policies with it.
 * The Data API is off for this project (config.toml, decision 078), so the token opens nothing else.
 */
export function supabaseRealtime(options: SupabaseRealtimeOptions): RealtimePort {
  const now = options.now ?? Date.now;
  const sign = (claims: Record<string, unknown>) =>
    options.signer.alg === 'ES256' ? signEs256(claims, options.signer.jwk) : signHs256(claims, options.signer.secret);
  return {
    async connectionFor(user) {
      const issuedAt = Math.floor(now() / 1000);
      const expiresAt = issuedAt + options.ttlSeconds;
      const token = await sign({
        iss: `${options.url.replace(/\/$/, '')}/auth/v1`,
        aud: 'authenticated',
        role: 'authenticated',
        sub: user.id,
        email: user.email,
        iat: issuedAt,
        exp: expiresAt,
      });
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
