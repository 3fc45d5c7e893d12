// The embedded stack: PGlite (or DATABASE_URL) + migrations + seed + the API + the built PWA.
import { depsFromEnv } from '../supabase/functions/api/adapters.ts';
import { createApp } from '../supabase/functions/api/app.ts';
import { sseRealtime } from '../supabase/functions/api/ports/realtime/sse-realtime.ts';
import { cleanupUnattachedUploads } from '../supabase/functions/api/uploads/upload-cleanup.ts';
import { openPglite, openPostgres } from './admin-sql.ts';
import { loadDotEnv, localEnv } from './env.ts';
import { prepareDatabase } from './migrate.ts';
import { startRealtimeRelay } from './realtime-relay.ts';
import { realtimeSseRoutes } from './realtime-sse.ts';
import { createLocalServer } from './server.ts';
import { listen } from './listen.ts';
import { startPasswordWorkers } from './password-workers.ts';
import { usePasswordHasher } from '../supabase/functions/api/auth/password.ts';
import { startOutboxLoop } from '../supabase/functions/api/jobs/mail-drain.ts';
import { startBillingReminderLoop } from '../supabase/functions/api/subscriptions/billing.ts';
import { startPromiseLoop } from '../supabase/functions/api/reviews/promise.ts';
import { startReferralLoop } from '../supabase/functions/api/subscriptions/referrals.ts';
import { startGiftDeliveryLoop } from '../supabase/functions/api/gifts/index.ts';
import { startMonthlyReportLoop } from '../supabase/functions/api/insights/index.ts';
import { startPushLoop } from '../supabase/functions/api/jobs/push-drain.ts';
import { flushCityChanges, startOpenStatesLoop } from '../supabase/functions/api/deals/live-updates.ts';
import { loadOrCreateVapidKeys } from './vapid-keys.ts';
import { makeBackup } from './backup.ts';
import { socketAnswers, startControlSocket } from './control-socket.ts';
import { runSystemCheck } from '../supabase/functions/api/system/index.ts';
import { mapOrigins } from '../supabase/functions/api/http/request-guards.ts';

const started = performance.now();
loadDotEnv();
const env = (() => {
  try {
    return localEnv();
  } catch (error) {
    // A bad environment (e.g. NODE_ENV=production on test payments, decision 170) stops here, before any data is touched.
    console.error((error as Error).message);
    process.exit(1);
  }
})();
// A PGlite data directory belongs to one process: a second server on it would corrupt it (decision 197).
if (!env.databaseUrl && await socketAnswers(env.controlSocket)) {
  console.error(`Another Pay Local server is running on ${env.dataDir} (its control socket ${env.controlSocket} answers). Stop it first.`);
  process.exit(1);
}
const database = env.databaseUrl
  ? openPostgres(env.databaseUrl, { poolSize: env.poolSize })
  : await openPglite({ dataDir: env.dataDir, fsync: env.pgliteFsync });
const { applied, seeded } = await prepareDatabase(database.admin, {
  seed: env.seed, adminEmail: env.adminEmail, adminPassword: env.adminPassword,
});

// A PGlite data directory is this process's alone: a request still "in progress" at start died with the last
// process (kill -9, power cut). Its Idempotency-Key's lease ends now, so a replay settles it at once (decision 175).
if (database.kind === 'pglite') {
  await database.admin.exec(`update private.idempotency_keys set lease_until = now() where status is null`);
}

// Supabase Realtime when configured; otherwise this runner's own SSE stream (never on the Edge Function).
const vapid = await loadOrCreateVapidKeys(env.vapidKeysFile, env.api);
// The settings parsed once above, with this runner's VAPID pair (links in mail: SITE_URL, else this runner's own
// origin http://localhost:PORT, never the Host header; decision 176).
const deps = depsFromEnv(
  {
    ...env.api, VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey,
    // PGlite has no replica: every read stays on it (decision 181).
    ...(database.kind === 'pglite' ? { DATABASE_READ_URL: undefined } : {}),
  },
  database.db,
  { realtimeFallback: sseRealtime() },
);
// bcrypt in worker threads with a bounded queue, never on the event loop (decision 175).
const passwordWorkers = startPasswordWorkers();
usePasswordHasher(passwordWorkers);
const api = createApp(deps);
const relay = await startRealtimeRelay(database.db);
// The embedded runner sends mail itself: the outbox is drained in a loop (the Edge Function on a schedule).
// Each loop's runs are noted under its hosted Cron job's name, for the operator's console (decision 195).
const jobs = deps.monitor.jobs;
const stopMail = startOutboxLoop(database.db, deps.mail, { from: deps.config.emailFrom, intervalMs: env.mailDrainIntervalMs, jobs });
// Push messages likewise: the queue is drained every second here (hosted: Supabase Cron, decision 110).
const stopPush = startPushLoop(database.db, deps.push, { intervalMs: env.pushDrainIntervalMs, jobs });
// Billing reminders (decision 171): a grace period or a pass about to end; hosted, Supabase Cron calls
// POST /api/internal/billing-reminders.
const stopReminders = startBillingReminderLoop(database.db, deps.config.siteUrl ?? `http://localhost:${env.port}`, 60_000, jobs);
// The promise's deadlines (decision 191): reports unanswered for 72 hours upheld; hosted, Supabase Cron calls
// POST /api/internal/promise-deadlines.
const stopPromise = startPromiseLoop({ db: database.db, payments: deps.payments }, deps.config.siteUrl ?? `http://localhost:${env.port}`, 60_000, jobs);
// Referral rewards (decision 200): the 7-day check; hosted, Supabase Cron calls POST /api/internal/referral-rewards.
const stopReferrals = startReferralLoop({ db: database.db, payments: deps.payments }, deps.config.referralCreditCents, 60_000, jobs);
// Gift memberships sent on their date (decision 201); hosted, Supabase Cron calls POST /api/internal/gift-deliveries.
const stopGifts = startGiftDeliveryLoop({ db: database.db, payments: deps.payments }, deps.config.siteUrl ?? `http://localhost:${env.port}`, 60_000, jobs);
// The monthly value report mailed once per owner and month (decision 211); hosted, Supabase Cron calls
// POST /api/internal/monthly-reports.
const stopMonthlyReports = startMonthlyReportLoop(database.db, deps.config.siteUrl ?? `http://localhost:${env.port}`, 60_000, jobs);
const app = createLocalServer({
  api, staticDir: env.staticDir, objects: deps.objects, trustedProxyHops: deps.config.trustedProxyHops, mapOrigins: mapOrigins(env.api), realtime: realtimeSseRoutes({
    db: database.db, relay, maxStreamsPerSession: env.realtimeMaxStreamsPerSession,
  }),
});

// PGlite lives in this process, so this process makes its backups: `npm run backup` asks through the control
// socket (owner-only, never on the network; decision 197). On a PostgreSQL server, `npm run dump` does (pg_dump).
const places = { dataDir: env.dataDir, objectsDir: env.objectsDir, mailDir: env.mailDir, vapidKeysFile: env.vapidKeysFile };
const control = database.kind === 'pglite'
  ? await startControlSocket(env.controlSocket, {
    backup: async () => {
      const { manifest, archive } = await makeBackup({ admin: database.admin, dump: database.dump! }, places, 'running server');
      return { archive, summary: manifest };
    },
  })
  : null;

const server = listen(app.fetch, { port: env.port }, (info) => {
  const where = database.kind === 'pglite' ? `PGlite at ${env.dataDir}` : 'DATABASE_URL';
  console.log(
    `Pay Local ready at http://localhost:${info.port} (${where}; ${applied.length} migrations applied` +
      `${seeded ? ', demo data seeded' : ''}) in ${Math.round(performance.now() - started)} ms`,
  );
  console.log(`Push: VAPID keys ${vapid.source === 'environment' ? 'from the environment' : `${vapid.source === 'generated' ? 'made and kept' : 'kept'} in ${env.vapidKeysFile}`}`);
  console.log(env.payments === 'stripe' ? 'Payments: Stripe' : 'Payments: built-in test payments (test cards only, no money)');
  console.log(deps.mail.name === 'eml' ? `Mail: written as .eml files to ${env.mailDir}` : 'Mail: sent through Resend');
});

// Background loop: uploads never attached are deleted after a day (decision 089); hosted, a scheduled call
// of POST /api/objects/cleanup does the same.
const cleanupUploads = jobs.track('objects-cleanup', 60 * 60 * 1000, () => cleanupUnattachedUploads(database.db, deps.objects));
const cleanup = setInterval(() => {
  cleanupUploads().catch((error: unknown) => {
    console.error('Upload cleanup failed', (error as { code?: string }).code ?? (error as Error).name);
  });
}, 60 * 60 * 1000);
cleanup.unref();
// Deal changes that waited out their city's coalescing window (decision 180); hosted, Supabase Cron calls
// POST /api/internal/flush-live every 5 seconds.
const flushLiveChanges = jobs.track('flush-live', 1000, () => flushCityChanges(database.db));
const flushLive = setInterval(() => {
  flushLiveChanges().catch((error: unknown) => {
    console.error('Live flush failed', (error as { code?: string }).code ?? (error as Error).name);
  });
}, 1000);
flushLive.unref();
// Open-now answers kept per location (decision 212): computed at start, then every minute those that expired
// (hosted: Supabase Cron runs private.refresh_location_open_states every minute).
const stopOpenStates = startOpenStatesLoop(database.db, 60_000, jobs);
// The operator's console (decision 195): every minute this process's request figures are written and the alert
// conditions judged (hosted: Supabase Cron calls POST /api/internal/system-check).
const checkSystem = jobs.track('system-check', 60_000, () => runSystemCheck(database.db, deps.monitor, { to: deps.config.adminEmail, siteUrl: deps.config.linkOrigin }));
const systemCheck = setInterval(() => {
  checkSystem().catch((error: unknown) => {
    console.error('System check failed', (error as { code?: string }).code ?? (error as Error).name);
  });
}, 60_000);
systemCheck.unref();

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  console.log(`${signal}: closing the server and the database...`);
  server.close();
  await control?.close();
  await stopMail();
  await stopPush();
  stopReminders();
  stopPromise();
  stopReferrals();
  stopGifts();
  stopMonthlyReports();
  clearInterval(cleanup);
  clearInterval(flushLive);
  stopOpenStates();
  clearInterval(systemCheck);
  // What this process summed since the last check goes in before the database closes.
  await deps.monitor.stats.flush().catch(() => {});
  await relay.close();
  await passwordWorkers.close();
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));
