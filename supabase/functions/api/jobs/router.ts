import { Hono } from 'hono';
import type { AppEnv } from '../http/context.ts';
import { forbidden, notFound } from '../http/http-error.ts';
import { sameSecret } from '../../_shared/tokens.ts';
import { drainOutbox } from './mail-drain.ts';
import { drainPush } from './push-drain.ts';
import { rewardReferrals, sendBillingReminders } from '../subscriptions/index.ts';
import { servicesOf, siteUrlOf } from '../http/context.ts';
import { upholdUnansweredReports } from '../reviews/index.ts';
import { deliverDueGifts } from '../gifts/index.ts';
import { runSystemCheck } from '../system/index.ts';
import { mailMonthlyReports } from '../insights/index.ts';

/** Header the scheduled caller (Supabase Cron, decision 090) sends with MAIL_DRAIN_SECRET. */
export const DRAIN_SECRET_HEADER = 'x-drain-secret';

export const internalRoutes = new Hono<AppEnv>();

/**
 * Every scheduled route answers only its caller: 404 where no drain secret is configured (nothing is scheduled
 * there), 403 without the secret or with another, compared in constant time.
 */
internalRoutes.use('*', async (c, next) => {
  const { config } = c.var.deps;
  if (!config.mailDrainSecret) throw notFound('Not found');
  const given = c.req.header(DRAIN_SECRET_HEADER) ?? '';
  if (!given || !(await sameSecret(given, config.mailDrainSecret))) throw forbidden('Forbidden');
  await next();
});

/** Sends due outbox mail; called on a schedule where no process runs a loop (the Edge Function). */
internalRoutes.post('/drain-outbox', async (c) => {
  const { config, db, mail } = c.var.deps;
  const result = await drainOutbox(db, mail, { from: config.emailFrom });
  return c.json(result);
});

/**
 * Expands and sends queued push messages (decision 110); called by Supabase Cron with the same secret as the
 * mail drain. Stops starting new rounds after 20 s or 1,500 claimed messages (the Edge Function's 2 s of CPU per
 * request, decision 180); the next call continues. Any number of calls may run at once (each claims its own
 * rows): schedule N jobs to send N times as fast.
 */
/** Messages one scheduled drain call may claim: ~1 ms of CPU each within the Edge Function's 2 s per request. */
const PUSH_CLAIMS_PER_CALL = 1_500;

internalRoutes.post('/drain-push', async (c) => {
  const { db, push } = c.var.deps;
  const result = await drainPush(db, push, { timeBudgetMs: 20_000, maxClaims: PUSH_CLAIMS_PER_CALL });
  return c.json(result);
});

/**
 * Mails due billing reminders (decision 171): a failed renewal's grace period ending within 2 days, a pass
 * ending within a day; each once. Called hourly by Supabase Cron with the mail drain's secret.
 */
internalRoutes.post('/billing-reminders', async (c) => {
  const { db } = c.var.deps;
  return c.json(await sendBillingReminders(db, siteUrlOf(c)));
});

/**
 * The Pay Local promise's deadlines (decision 191): reports naming a visit that the owner left unanswered for 72
 * hours are upheld (the member's credit, its mail), and credits still waiting go on to Stripe. Called hourly by
 * Supabase Cron with the mail drain's secret; locally, a loop (local/main.ts).
 */
internalRoutes.post('/promise-deadlines', async (c) => {
  return c.json(await upholdUnansweredReports(servicesOf(c), siteUrlOf(c)));
});

/**
 * Referral rewards (decision 200): referrals whose first payment stood 7 days unrefunded and undisputed are
 * rewarded (an account credit each side) or refused, and credits granted or taken back go on to Stripe. Called
 * hourly by Supabase Cron with the mail drain's secret; locally, a loop (local/main.ts).
 */
internalRoutes.post('/referral-rewards', async (c) => {
  return c.json(await rewardReferrals(servicesOf(c), c.var.deps.config.referralCreditCents));
});

/**
 * Gift memberships (decision 201): each paid gift due today (UTC) or earlier is mailed to its recipient once, and
 * payments whose tab closed before completing are recorded. Called hourly by Supabase Cron with the mail drain's
 * secret; locally, a loop (local/main.ts).
 */
internalRoutes.post('/gift-deliveries', async (c) => {
  return c.json(await deliverDueGifts(servicesOf(c), siteUrlOf(c)));
});

/**
 * The monthly value report (decision 211): once a business's local month has turned, its owner is mailed the month
 * before's report, once. Called hourly by Supabase Cron with the mail drain's secret (every business's month turns
 * at its own midnight); locally, a loop (local/main.ts).
 */
internalRoutes.post('/monthly-reports', async (c) => {
  return c.json(await mailMonthlyReports(c.var.deps.db, siteUrlOf(c)));
});

/**
 * The operator's console's check (decision 195): this instance's request figures written, every alert condition
 * judged, the admin mailed when one starts or clears. Called every minute by Supabase Cron with the drain secret;
 * the local runner runs it in its own loop.
 */
internalRoutes.post('/system-check', async (c) => {
  const { config, db, monitor } = c.var.deps;
  return c.json(await runSystemCheck(db, monitor, { to: config.adminEmail, siteUrl: siteUrlOf(c) }));
});
