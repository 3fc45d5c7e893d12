// The one place where the parsed environment (env.ts, decision 179) chooses adapters for the API's ports.
import { type AppConfig, configFromEnv } from './config.ts';
import type { ApiEnv } from './env.ts';
import type { AppDeps } from './http/context.ts';
import type { Database } from './db/database.ts';
import { postgresDatabase } from './db/postgres-js.ts';
import { parseEs256PrivateJwk } from './ports/jwt.ts';
import { noRealtime } from './ports/realtime/no-realtime.ts';
import type { RealtimePort } from './ports/realtime/realtime-port.ts';
import { type RealtimeSigner, supabaseRealtime } from './ports/realtime/supabase-realtime.ts';
import { localFolderStore } from './ports/objects/local-folder-store.ts';
import type { ObjectStore } from './ports/objects/object-store.ts';
import { supabaseStorageStore } from './ports/objects/supabase-storage-store.ts';
import type { PaymentProvider } from './ports/payments/payment-provider.ts';
import { stripePaymentProvider } from './ports/payments/stripe-provider.ts';
import { testPaymentProvider } from './ports/payments/test-provider.ts';
import { emlFileMailer } from './ports/mail/eml-file-mailer.ts';
import type { MailPort } from './ports/mail/mail-port.ts';
import { resendMailer } from './ports/mail/resend-mailer.ts';
import { noPush, type PushPort } from './ports/push/push-port.ts';
import { webPushSender } from './ports/push/web-push-sender.ts';
import { stdoutRequestLog } from './ports/log.ts';
import { type AppleWallet, appleWallet } from './ports/wallet/apple-wallet.ts';
import { nominatimGeocoder } from './ports/geocoder/nominatim-geocoder.ts';
import { GOOGLE_WALLET_API_URL, type GoogleWallet, googleWallet, parseGoogleServiceAccount } from './ports/wallet/google-wallet.ts';
import { FLUSH_EVERY_MS, figuresWriter, JobRuns } from './system/index.ts';
import { RequestFigures } from './http/request-guards.ts';


/** Stripe when STRIPE_SECRET_KEY is set; otherwise the built-in test provider (no network). */
function paymentsFromEnv(env: ApiEnv): PaymentProvider {
  if (env.STRIPE_SECRET_KEY) {
    return stripePaymentProvider({
      secretKey: env.STRIPE_SECRET_KEY,
      publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? null,
    });
  }
  return testPaymentProvider();
}

/**
 * Supabase Storage when SUPABASE_URL and a server key are set (unless OBJECT_STORE=local); else a local folder.
 * The key: STORAGE_SECRET_KEY (a new sb_secret_... key) or the legacy SUPABASE_SERVICE_ROLE_KEY.
 */
function objectsFromEnv(env: ApiEnv): ObjectStore {
  const serverKey = env.STORAGE_SECRET_KEY ?? env.SUPABASE_SERVICE_ROLE_KEY;
  if (env.OBJECT_STORE !== 'local' && env.SUPABASE_URL && serverKey) {
    return supabaseStorageStore({ url: env.SUPABASE_URL, serverKey, bucket: env.STORAGE_BUCKET });
  }
  return localFolderStore(env.OBJECTS_DIR);
}

/** The database: DATABASE_URL (the operator's pooler URL) wins over SUPABASE_DB_URL (Supabase's direct connection). */
export const databaseUrlOf = (env: Pick<ApiEnv, 'DATABASE_URL' | 'SUPABASE_DB_URL'>) => env.DATABASE_URL ?? env.SUPABASE_DB_URL;

/**
 * Deps for a deployment: `db` may be passed in (the local runner brings PGlite). The database is
 * DATABASE_URL (the operator's pooler URL) or else SUPABASE_DB_URL (set by Supabase, a direct connection);
 * DATABASE_READ_URL, when set, a read replica for readTx.
 * `realtimeFallback`: what browsers are told when Supabase Realtime is not configured (the local runner
 * passes its SSE stream; otherwise "none").
 */
export function depsFromEnv(env: ApiEnv, db?: Database, options: { realtimeFallback?: RealtimePort; pushFetch?: typeof fetch } = {}): AppDeps {
  const url = databaseUrlOf(env);
  if (!db && !url) throw new Error('Set DATABASE_URL (or SUPABASE_DB_URL)');
  const config = configFromEnv(env);
  const database = db ?? postgresDatabase(url!, { max: env.DB_POOL_MAX });
  return {
    db: database,
    // DATABASE_READ_URL: a streaming replica for the reads that may lag (decision 181); PGlite has none.
    ...(env.DATABASE_READ_URL ? { readDb: postgresDatabase(env.DATABASE_READ_URL, { max: env.DB_POOL_MAX }) } : {}),
    config,
    realtime: realtimeFromEnv(env, options.realtimeFallback),
    payments: paymentsFromEnv(env),
    objects: objectsFromEnv(env),
    mail: mailFromEnv(env),
    push: pushFromConfig(config, options.pushFetch),
    ...googleWalletFromEnv(env, config),
    ...appleWalletFromEnv(env),
    // An address lookup only when the operator names a Nominatim-compatible server (decision 208).
    ...(env.GEOCODER_URL ? { geocoder: nominatimGeocoder({ baseUrl: env.GEOCODER_URL, userAgent: `Pay Local (${config.linkOrigin})` }) } : {}),
    requestLog: stdoutRequestLog,
    monitor: { stats: new RequestFigures({ write: figuresWriter(database), autoFlushMs: FLUSH_EVERY_MS }), jobs: new JobRuns() },
  };
}

/** Web Push with the VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT) when set; else off. */
export function pushFromConfig(config: AppConfig, fetchImpl?: typeof fetch): PushPort {
  return config.vapid ? webPushSender(config.vapid, fetchImpl) : noPush();
}

/**
 * Google Wallet when GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT are both set (decision 207); the
 * Edge Function refuses one without the other, the local runner leaves the offer off.
 */
function googleWalletFromEnv(env: ApiEnv, config: AppConfig): { googleWallet?: GoogleWallet } {
  if (!env.GOOGLE_WALLET_ISSUER_ID || !env.GOOGLE_WALLET_SERVICE_ACCOUNT) return {};
  let account;
  try {
    account = parseGoogleServiceAccount(env.GOOGLE_WALLET_SERVICE_ACCOUNT);
  } catch (error) {
    throw new Error(`GOOGLE_WALLET_SERVICE_ACCOUNT ${(error as Error).message}`, { cause: error });
  }
  return {
    googleWallet: googleWallet({
      issuerId: env.GOOGLE_WALLET_ISSUER_ID, account, siteUrl: config.linkOrigin, apiUrl: env.GOOGLE_WALLET_API_URL ?? GOOGLE_WALLET_API_URL,
    }),
  };
}

/** Apple Wallet when its pass type, team and the three PEMs are set (decision 207); otherwise the offer is off. */
function appleWalletFromEnv(env: ApiEnv): { appleWallet?: AppleWallet } {
  const { APPLE_WALLET_PASS_TYPE_ID: passTypeId, APPLE_WALLET_TEAM_ID: teamId, APPLE_WALLET_CERTIFICATE: signerCert,
    APPLE_WALLET_KEY: signerKey, APPLE_WALLET_WWDR_CERTIFICATE: wwdr } = env;
  if (!passTypeId || !teamId || !signerCert || !signerKey || !wwdr) return {};
  return { appleWallet: appleWallet({ passTypeId, teamId, signerCert, signerKey, wwdr, signerKeyPassphrase: env.APPLE_WALLET_KEY_PASSPHRASE }) };
}

/** Resend when RESEND_API_KEY is set (RESEND_API_URL overrides its base, for the local double); else .eml files in MAIL_DIR. */
function mailFromEnv(env: ApiEnv): MailPort {
  if (env.RESEND_API_KEY) return resendMailer({ apiKey: env.RESEND_API_KEY, baseUrl: env.RESEND_API_URL });
  return emlFileMailer(env.MAIL_DIR);
}

/**
 * The key Realtime tokens are signed with: REALTIME_SIGNING_JWK (a private ES256 JWK imported into the
 * project's JWT signing keys; decision 076), else the legacy JWT secret (REALTIME_JWT_SECRET, or
 * SUPABASE_JWT_SECRET where that name is allowed) for HS256.
 */
type RealtimeEnv = Pick<ApiEnv, 'REALTIME_SIGNING_JWK' | 'REALTIME_JWT_SECRET' | 'SUPABASE_JWT_SECRET' | 'SUPABASE_URL'
  | 'REALTIME_PUBLISHABLE_KEY' | 'SUPABASE_ANON_KEY' | 'REALTIME_TOKEN_TTL_SECONDS'>;

function realtimeSignerFromEnv(env: RealtimeEnv): RealtimeSigner | null {
  if (env.REALTIME_SIGNING_JWK) {
    try {
      return { alg: 'ES256', jwk: parseEs256PrivateJwk(env.REALTIME_SIGNING_JWK) };
    } catch (error) {
      throw new Error(`REALTIME_SIGNING_JWK ${(error as Error).message}`, { cause: error });
    }
  }
  const secret = env.REALTIME_JWT_SECRET ?? env.SUPABASE_JWT_SECRET;
  return secret ? { alg: 'HS256', secret } : null;
}

/**
 * Supabase Realtime when the project's URL, a browser key (REALTIME_PUBLISHABLE_KEY or SUPABASE_ANON_KEY)
 * and a signing key are known; otherwise `fallback` (none, or the local runner's SSE stream).
 */
export function realtimeFromEnv(env: RealtimeEnv, fallback: RealtimePort = noRealtime()): RealtimePort {
  const signer = realtimeSignerFromEnv(env);
  const url = env.SUPABASE_URL;
  const apiKey = env.REALTIME_PUBLISHABLE_KEY ?? env.SUPABASE_ANON_KEY;
  if (signer && url && apiKey) return supabaseRealtime({ url, apiKey, signer, ttlSeconds: env.REALTIME_TOKEN_TTL_SECONDS });
  return fallback;
}
