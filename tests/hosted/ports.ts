// Ports (the rehearsal's block 3130-3139) and the rehearsal project's throwaway keys.
import { createHmac, generateKeyPairSync } from 'node:crypto';

export const HOSTED_PORTS = {
  /** The web host (static dist/web + rewrites): the site's public origin. */
  site: Number(process.env.HOSTED_SITE_PORT ?? 3131),
  /** The Supabase project double: Functions gateway + Storage. */
  supabase: Number(process.env.HOSTED_SUPABASE_PORT ?? 3132),
  /** The Edge Function under Deno. */
  deno: Number(process.env.HOSTED_DENO_PORT ?? 3133),
  /** The same function configured with Stripe (billing.spec.ts), and its web host. */
  billingDeno: Number(process.env.HOSTED_BILLING_DENO_PORT ?? 3134),
  billingSite: Number(process.env.HOSTED_BILLING_SITE_PORT ?? 3135),
  /** The Stripe double, run by billing.spec.ts; the stack's api.stripe.com proxy hands requests to it. */
  stripe: Number(process.env.HOSTED_STRIPE_PORT ?? 3136),
};

/** HMAC-SHA256 JWT (the legacy anon and service_role keys are HS256 JWTs signed with the JWT secret). */
export function hs256(payload: Record<string, unknown>, secret: string): string {
  const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
  return `${body}.${createHmac('sha256', secret).update(body).digest('base64url')}`;
}

const jwtSecret = 'rehearsal-jwt-secret-at-least-32-characters-long';
const iat = 1_700_000_000;
export const HOSTED_SECRETS = {
  jwtSecret,
  anonKey: hs256({ iss: 'supabase', ref: 'rehearsal', role: 'anon', iat, exp: iat + 10 * 365 * 86400 }, jwtSecret),
  serviceRoleKey: hs256({ iss: 'supabase', ref: 'rehearsal', role: 'service_role', iat, exp: iat + 10 * 365 * 86400 }, jwtSecret),
  /** A new-style secret key (sb_secret_…): not a JWT, sent as apikey only. */
  secretKey: 'sb_secret_rehearsal0000000000000000000000',
  /** A new-style publishable key (sb_publishable_…): what browsers send to Realtime as apikey. */
  publishableKey: 'sb_publishable_rehearsal00000000000000000',
  /** The billing instance's Stripe keys (test mode, as `stripe:setup` prints the webhook's secret). */
  stripeSecretKey: 'sk_test_rehearsal',
  stripePublishableKey: 'pk_test_rehearsal',
  stripeWebhookSecret: 'whsec_rehearsal',
};

/**
 * The project's asymmetric JWT signing key (ES256, Supabase's recommended end state). Made per process:
 * the stack hands the private JWK to the function (REALTIME_SIGNING_JWK) and publishes the public one at
 * /auth/v1/.well-known/jwks.json, where Realtime (and the journey) read it.
 */
export function newSigningKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = `rehearsal-${Date.now().toString(36)}`;
  return {
    privateJwk: { ...privateKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig' },
    publicJwk: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig' },
  };
}
