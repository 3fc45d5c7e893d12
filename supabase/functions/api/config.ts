import { randomToken } from './lib/tokens.ts';

// Runtime settings, read from the environment in one place.

export interface AppConfig {
  /** The one account the admin dashboard admits (docs/spec.md section 6). */
  adminEmail: string;
  bcryptRounds: number;
  sessionTtlDays: number;
  /** Origins allowed to make state-changing calls besides the API's own origin. */
  allowedOrigins: string[];
  rateLimit: {
    windowMinutes: number;
    loginFailuresPerEmail: number;
    loginFailuresPerIp: number;
    registrationsPerIp: number;
  };
  /** HMAC secret of signed upload addresses; must be shared by every instance of the API. */
  uploadSigningSecret: string;
  /** How long a signed upload address stays valid. */
  uploadUrlTtlSeconds: number;
}

type Env = Record<string, string | undefined>;

const int = (value: string | undefined, fallback: number) => {
  const n = Number.parseInt(value ?? '', 10);
  return Number.isFinite(n) && n > 0 ? n : fallback;
};

export function configFromEnv(env: Env): AppConfig {
  return {
    adminEmail: (env.ADMIN_EMAIL ?? 'admin@paylocal.local').trim().toLowerCase(),
    bcryptRounds: int(env.BCRYPT_ROUNDS, 10),
    sessionTtlDays: int(env.SESSION_TTL_DAYS, 30),
    allowedOrigins: (env.ALLOWED_ORIGINS ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    rateLimit: {
      windowMinutes: int(env.RATE_LIMIT_WINDOW_MINUTES, 15),
      loginFailuresPerEmail: int(env.RATE_LIMIT_LOGIN_FAILURES_PER_EMAIL, 5),
      loginFailuresPerIp: int(env.RATE_LIMIT_LOGIN_FAILURES_PER_IP, 20),
      registrationsPerIp: int(env.RATE_LIMIT_REGISTRATIONS_PER_IP, 20),
    },
    // Falls back to the service-role key (same on every Edge Function instance), else a per-process
    // random secret (the single local runner; addresses then die with the process, as they expire anyway).
    uploadSigningSecret: env.OBJECT_UPLOAD_SECRET || env.SUPABASE_SERVICE_ROLE_KEY || randomToken(32),
    uploadUrlTtlSeconds: int(env.OBJECT_UPLOAD_TTL_SECONDS, 900),
  };
}
