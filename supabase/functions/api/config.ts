import type { ApiEnv } from './env.ts';
import { randomToken } from '../_shared/tokens.ts';

// Runtime settings, built from the parsed environment (env.ts) in one place.

export interface AppConfig {
  /** The one account the admin dashboard admits (docs/spec.md section 6). */
  adminEmail: string;
  /** The members' map style (MAP_STYLE_URL, decision 209); null: no map. */
  mapStyleUrl: string | null;
  bcryptRounds: number;
  /** Live sessions one account may have (SESSIONS_PER_ACCOUNT, 10): a new sign-in ends the oldest (decision 176). */
  sessionsPerAccount: number;
  /** The public site origin (SITE_URL), e.g. https://paylocal.example; null on the embedded stack. */
  siteUrl: string | null;
  /**
   * The origin of every link in mail (decision 176): SITE_URL, else the local runner's own configured
   * origin http://localhost:PORT. Never the request's Host or X-Forwarded-Host, which the client chooses.
   */
  linkOrigin: string;
  /**
   * Proxies we run in front of the API that append to X-Forwarded-For (TRUSTED_PROXY_HOPS). 0: the header
   * is never read and the connection's address is the client's (http/request-guards.ts).
   */
  trustedProxyHops: number;
  /** Origins allowed to make state-changing calls besides the API's own origin (SITE_URL plus ALLOWED_ORIGINS). */
  allowedOrigins: string[];
  rateLimit: {
    windowMinutes: number;
    /** Failed checks of one account's password from one address before that address gets 429 for it. */
    loginFailuresPerAccountAddress: number;
    /** Failed password checks from one address (any account) before that address gets 429. */
    loginFailuresPerIp: number;
    /** Failures of one account from all addresses after which each check of it waits accountSlowdownMs. */
    accountSlowdownAfter: number;
    accountSlowdownMs: number;
    registrationsPerIp: number;
  };
  /**
   * Wrong guesses at a counter (codes, passes, member numbers; decision 168): per business and counter device,
   * and per business over all its devices, in fixed windows of windowSeconds. Past either: 429 with Retry-After.
   */
  counterGuesses: { perDevice: number; perBusiness: number; windowSeconds: number };
  /** HMAC secret of signed upload addresses; must be shared by every instance of the API. */
  uploadSigningSecret: string;
  /** How long a signed upload address stays valid. */
  uploadUrlTtlSeconds: number;
  /** Sender of every mail (EMAIL_FROM). */
  emailFrom: string;
  /** Secret the scheduled drain call must present (MAIL_DRAIN_SECRET); null: the drain route is off. */
  mailDrainSecret: string | null;
  /** Account-mail limits (forgot password, resend verification) per window. */
  mailLimits: { perAccount: number; perIp: number };
  /** Signed upload addresses one user may get per 24 hours (UPLOAD_QUOTA_PER_DAY). */
  uploadQuotaPerDay: number;
  /** VAPID keys of Web Push (decision 110); null: push is off (only where no keys were given). */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /**
   * Hosts a push endpoint may point at (decision 110): the browsers' push services plus PUSH_ALLOWED_HOSTS.
   * "*.example.com" matches its subdomains. Anything else is refused, so the server never POSTs elsewhere.
   */
  pushHosts: string[];
  /**
   * How long a request holds its Idempotency-Key while it runs (IDEMPOTENCY_LEASE_SECONDS, decision 175): a key
   * still "in progress" past this was left by a crash, and a replay takes it over.
   */
  idempotencyLeaseSeconds: number;
  /**
   * Attempts at the account endpoints that hash a password or check a mailed token (register, reset-password,
   * verify-email; decision 175), counted through the one limiter per client address and per account, right or
   * wrong, in fixed windows: past either, 429 with Retry-After.
   */
  accountAttempts: { perIp: number; perAccount: number; windowSeconds: number };
  /** Bearer token of GET /api/health?deep=1 besides the admin's session (HEALTH_CHECK_TOKEN); null: the admin only. */
  healthCheckToken: string | null;
  /** The account credit a referral gives each side (REFERRAL_CREDIT_CENTS, decision 200). */
  referralCreditCents: number;
}

/** The push services of Chrome/Edge (FCM), Firefox (Mozilla autopush), Safari (Apple) and legacy Edge (WNS). */
export const KNOWN_PUSH_HOSTS = [
  'fcm.googleapis.com', 'android.googleapis.com', 'updates.push.services.mozilla.com', '*.push.services.mozilla.com',
  'web.push.apple.com', '*.push.apple.com', '*.notify.windows.com',
];

/** Whether `hostname` is one of `hosts` ("*.x" matches subdomains of x, not x itself). */
export function isAllowedPushHost(hostname: string, hosts: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return hosts.some((pattern) => (pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) && host.length > pattern.length - 1 : host === pattern));
}

/**
 * The API's settings from its parsed environment (env.ts: each entry point parses it once at start; decision 179).
 * Values arrive typed and checked: nothing here parses text again.
 */
export function configFromEnv(env: ApiEnv): AppConfig {
  const siteUrl = env.SITE_URL ?? null;
  return {
    adminEmail: env.ADMIN_EMAIL,
    mapStyleUrl: env.MAP_STYLE_URL ?? null,
    bcryptRounds: env.BCRYPT_ROUNDS,
    sessionsPerAccount: env.SESSIONS_PER_ACCOUNT,
    siteUrl,
    linkOrigin: siteUrl ?? `http://localhost:${env.PORT}`,
    trustedProxyHops: env.TRUSTED_PROXY_HOPS,
    allowedOrigins: [...new Set([...(siteUrl ? [siteUrl] : []), ...env.ALLOWED_ORIGINS])],
    rateLimit: {
      windowMinutes: env.RATE_LIMIT_WINDOW_MINUTES,
      loginFailuresPerAccountAddress: env.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS,
      loginFailuresPerIp: env.RATE_LIMIT_LOGIN_FAILURES_PER_IP,
      accountSlowdownAfter: env.RATE_LIMIT_ACCOUNT_SLOWDOWN_AFTER,
      accountSlowdownMs: env.RATE_LIMIT_ACCOUNT_SLOWDOWN_MS,
      registrationsPerIp: env.RATE_LIMIT_REGISTRATIONS_PER_IP,
    },
    counterGuesses: {
      perDevice: env.RATE_LIMIT_COUNTER_GUESSES_PER_DEVICE,
      perBusiness: env.RATE_LIMIT_COUNTER_GUESSES_PER_BUSINESS,
      windowSeconds: env.RATE_LIMIT_COUNTER_GUESS_WINDOW_SECONDS,
    },
    // Falls back to the service-role key (same on every Edge Function instance), else a per-process
    // random secret (the single local runner; addresses then die with the process, as they expire anyway).
    uploadSigningSecret: env.OBJECT_UPLOAD_SECRET ?? env.STORAGE_SECRET_KEY ?? env.SUPABASE_SERVICE_ROLE_KEY ?? randomToken(32),
    uploadUrlTtlSeconds: env.OBJECT_UPLOAD_TTL_SECONDS,
    emailFrom: env.EMAIL_FROM,
    mailDrainSecret: env.MAIL_DRAIN_SECRET ?? null,
    mailLimits: {
      perAccount: env.RATE_LIMIT_ACCOUNT_MAIL_PER_EMAIL,
      perIp: env.RATE_LIMIT_ACCOUNT_MAIL_PER_IP,
    },
    uploadQuotaPerDay: env.UPLOAD_QUOTA_PER_DAY,
    vapid: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT ?? `mailto:${env.ADMIN_EMAIL}` }
      : null,
    pushHosts: [...KNOWN_PUSH_HOSTS, ...env.PUSH_ALLOWED_HOSTS],
    idempotencyLeaseSeconds: env.IDEMPOTENCY_LEASE_SECONDS,
    accountAttempts: {
      perIp: env.RATE_LIMIT_ACCOUNT_ATTEMPTS_PER_IP,
      perAccount: env.RATE_LIMIT_ACCOUNT_ATTEMPTS_PER_ACCOUNT,
      windowSeconds: env.RATE_LIMIT_ACCOUNT_ATTEMPTS_WINDOW_SECONDS,
    },
    healthCheckToken: env.HEALTH_CHECK_TOKEN ?? null,
    referralCreditCents: env.REFERRAL_CREDIT_CENTS,
  };
}
