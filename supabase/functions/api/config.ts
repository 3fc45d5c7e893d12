import { randomToken } from './lib/tokens.ts';

// Runtime settings, read from the environment in one place.

export interface AppConfig {
  /** The one account the admin dashboard admits (docs/spec.md section 6). */
  adminEmail: string;
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
   * is never read and the connection's address is the client's (lib/client-ip.ts).
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

type Env = Record<string, string | undefined>;

const nonNegativeInt = (value: string | undefined, fallback: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n >= 0 ? n : fallback;
};

const int = (value: string | undefined, fallback: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

const originOf = (text: string | undefined): string | null => {
  if (!text?.trim()) return null;
  try {
    return new URL(text.trim()).origin;
  } catch {
    throw new Error('SITE_URL must be an origin like https://paylocal.example');
  }
};

/** ADMIN_EMAIL has no default here: each entry's env schema supplies it (local/env.ts has the demo one). */
export function configFromEnv(env: Env): AppConfig {
  const adminEmail = env.ADMIN_EMAIL?.trim().toLowerCase();
  if (!adminEmail) throw new Error('ADMIN_EMAIL is not set');
  const siteUrl = originOf(env.SITE_URL);
  const extra = (env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim().replace(/\/+$/, '')).filter(Boolean);
  return {
    adminEmail,
    bcryptRounds: int(env.BCRYPT_ROUNDS, 10),
    sessionsPerAccount: Math.min(int(env.SESSIONS_PER_ACCOUNT, 10), 1000),
    siteUrl,
    linkOrigin: siteUrl ?? `http://localhost:${int(env.PORT, 3000)}`,
    trustedProxyHops: nonNegativeInt(env.TRUSTED_PROXY_HOPS, 0),
    allowedOrigins: [...new Set([...(siteUrl ? [siteUrl] : []), ...extra])],
    rateLimit: {
      windowMinutes: int(env.RATE_LIMIT_WINDOW_MINUTES, 15),
      loginFailuresPerAccountAddress: int(env.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS, 5),
      loginFailuresPerIp: int(env.RATE_LIMIT_LOGIN_FAILURES_PER_IP, 20),
      accountSlowdownAfter: int(env.RATE_LIMIT_ACCOUNT_SLOWDOWN_AFTER, 10),
      accountSlowdownMs: nonNegativeInt(env.RATE_LIMIT_ACCOUNT_SLOWDOWN_MS, 2000),
      registrationsPerIp: int(env.RATE_LIMIT_REGISTRATIONS_PER_IP, 20),
    },
    counterGuesses: {
      perDevice: int(env.RATE_LIMIT_COUNTER_GUESSES_PER_DEVICE, 20),
      perBusiness: int(env.RATE_LIMIT_COUNTER_GUESSES_PER_BUSINESS, 100),
      windowSeconds: int(env.RATE_LIMIT_COUNTER_GUESS_WINDOW_SECONDS, 300),
    },
    // Falls back to the service-role key (same on every Edge Function instance), else a per-process
    // random secret (the single local runner; addresses then die with the process, as they expire anyway).
    uploadSigningSecret: env.OBJECT_UPLOAD_SECRET || env.STORAGE_SECRET_KEY || env.SUPABASE_SERVICE_ROLE_KEY || randomToken(32),
    uploadUrlTtlSeconds: int(env.OBJECT_UPLOAD_TTL_SECONDS, 900),
    emailFrom: env.EMAIL_FROM || 'Pay Local <no-reply@paylocal.local>',
    mailDrainSecret: env.MAIL_DRAIN_SECRET || null,
    mailLimits: {
      perAccount: int(env.RATE_LIMIT_ACCOUNT_MAIL_PER_EMAIL, 3),
      perIp: int(env.RATE_LIMIT_ACCOUNT_MAIL_PER_IP, 20),
    },
    uploadQuotaPerDay: int(env.UPLOAD_QUOTA_PER_DAY, 20),
    vapid: env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY
      ? { publicKey: env.VAPID_PUBLIC_KEY.trim(), privateKey: env.VAPID_PRIVATE_KEY.trim(), subject: env.VAPID_SUBJECT?.trim() || 'mailto:' + adminEmail }
      : null,
    pushHosts: [...KNOWN_PUSH_HOSTS, ...(env.PUSH_ALLOWED_HOSTS ?? '').split(',').map((h) => h.trim().toLowerCase()).filter(Boolean)],
    idempotencyLeaseSeconds: int(env.IDEMPOTENCY_LEASE_SECONDS, 60),
    accountAttempts: {
      perIp: int(env.RATE_LIMIT_ACCOUNT_ATTEMPTS_PER_IP, 30),
      perAccount: int(env.RATE_LIMIT_ACCOUNT_ATTEMPTS_PER_ACCOUNT, 10),
      windowSeconds: int(env.RATE_LIMIT_ACCOUNT_ATTEMPTS_WINDOW_SECONDS, 900),
    },
  };
}
