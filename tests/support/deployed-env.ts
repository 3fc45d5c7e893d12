/**
 * What a deployed Edge Function needs besides its database and site origin (placeholders: the Deno
 * tests never call Supabase). Test payments by explicit opt-in, as a rehearsal project would run.
 */
export const DEPLOYED_ENV = {
  ADMIN_EMAIL: 'owner@example.com',
  ALLOW_TEST_PAYMENTS: 'true',
  SUPABASE_URL: 'https://project-ref.supabase.co',
  STORAGE_SECRET_KEY: 'sb_secret_placeholder',
  REALTIME_PUBLISHABLE_KEY: 'sb_publishable_placeholder',
  REALTIME_JWT_SECRET: 'placeholder-jwt-secret-of-the-project',
  RESEND_API_KEY: 're_placeholder',
  EMAIL_FROM: 'Pay Local <hello@paylocal.example>',
  MAIL_DRAIN_SECRET: 'placeholder-drain-secret',
  // A throwaway VAPID pair made for the tests (never a deployment's).
  VAPID_PUBLIC_KEY: 'BARRL6Wgo13HGau2BheI2IMHZiIEHLrHJj1FNw8kn9DiLi9hDgwQre-r-vJB_PDFUHEcCqyZOveCudQ7pcPd8hw',
  VAPID_PRIVATE_KEY: 'yKVqEivEu3fLk7TBSLzm-tXrYgYXzUpkk98XVe6FmOE',
  VAPID_SUBJECT: 'mailto:owner@example.com',
};

/** The variables the deployed entry reads that a developer's shell might hold: removed before a test sets its own. */
export const DEPLOYED_ENV_NAMES = [
  'DATABASE_URL', 'SUPABASE_DB_URL', 'DATABASE_READ_URL', 'DB_POOL_MAX', 'ADMIN_EMAIL', 'SITE_URL', 'ALLOWED_ORIGINS', 'TRUSTED_PROXY_HOPS',
  'ALLOW_TEST_PAYMENTS', 'STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET', 'SUPABASE_URL',
  'SUPABASE_SERVICE_ROLE_KEY', 'STORAGE_SECRET_KEY', 'STORAGE_BUCKET', 'OBJECT_STORE', 'SUPABASE_ANON_KEY',
  'REALTIME_PUBLISHABLE_KEY', 'REALTIME_SIGNING_JWK', 'REALTIME_JWT_SECRET', 'SUPABASE_JWT_SECRET',
  'RESEND_API_KEY', 'RESEND_API_URL', 'EMAIL_FROM', 'MAIL_DRAIN_SECRET', 'MAIL_DIR',
  'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT', 'PUSH_ALLOWED_HOSTS',
];

/** process.env without the deployed entry's variables. */
export function cleanEnv(): Record<string, string | undefined> {
  const env = { ...process.env };
  for (const name of DEPLOYED_ENV_NAMES) delete env[name];
  return env;
}
