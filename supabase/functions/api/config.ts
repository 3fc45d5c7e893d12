import { randomToken } from './lib/tokens.ts';

// Runtime settings, read from the environment in one place.

export interface AppConfig {
  /** The one account the admin dashboard admits (spec section 6). */
  adminEmail: string;
  bcryptRounds: number;
  sessionTtlDays: number;
  /**
   * Proxies we run in front of the API that append to X-Forwarded-For (TRUSTED_PROXY_HOPS). 0: the header
   * is never read and the connection's address is the client's (lib/client-ip.ts).
   */
  trustedProxyHops: number;
  /** Origins allowed to make state-changing calls besides the API's own origin. */
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
  /** HMAC secret of signed upload addresses; must be shared by every instance of the API. */
  uploadSigningSecret: string;
  /** How long a signed upload address stays valid. */
  uploadUrlTtlSeconds: number;
  /** Signed upload addresses one user may get per 24 hours (UPLOAD_QUOTA_PER_DAY). */
  uploadQuotaPerDay: number;
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

export function configFromEnv(env: Env): AppConfig {
  return {
    adminEmail: (env.ADMIN_EMAIL ?? 'admin@paylocal.local').trim().toLowerCase(),
    bcryptRounds: int(env.BCRYPT_ROUNDS, 10),
    sessionTtlDays: int(env.SESSION_TTL_DAYS, 30),
    trustedProxyHops: nonNegativeInt(env.TRUSTED_PROXY_HOPS, 0),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    rateLimit: {
      windowMinutes: int(env.RATE_LIMIT_WINDOW_MINUTES, 15),
      loginFailuresPerAccountAddress: int(env.RATE_LIMIT_LOGIN_FAILURES_PER_ACCOUNT_ADDRESS, 5),
      loginFailuresPerIp: int(env.RATE_LIMIT_LOGIN_FAILURES_PER_IP, 20),
      accountSlowdownAfter: int(env.RATE_LIMIT_ACCOUNT_SLOWDOWN_AFTER, 10),
      accountSlowdownMs: nonNegativeInt(env.RATE_LIMIT_ACCOUNT_SLOWDOWN_MS, 2000),
      registrationsPerIp: int(env.RATE_LIMIT_REGISTRATIONS_PER_IP, 20),
    },
    // Falls back to the service-role key (same on every Edge Function instance), else a per-process
    // random secret (the single local runner; addresses then die with the process, as they expire anyway).
    uploadSigningSecret: env.OBJECT_UPLOAD_SECRET || env.SUPABASE_SERVICE_ROLE_KEY || randomToken(32),
    uploadUrlTtlSeconds: int(env.OBJECT_UPLOAD_TTL_SECONDS, 900),
    uploadQuotaPerDay: int(env.UPLOAD_QUOTA_PER_DAY, 20),
  };
}
