// The periodic system check (decision 195): writes this process's request figures, then judges each alert condition
// and mails the admin address through the mail outbox: when a condition starts (at most one alert mail per
// condition per hour) and a "resolved" mail when a condition that was mailed about clears. Run by the local
// runner's loop every minute, and hosted by Supabase Cron (POST /api/internal/system-check); never per request.
import { serviceClaims, type Database, type Query } from '../db/database.ts';
import { enqueueMail, systemAlertMail, systemResolvedMail } from '../mail/index.ts';
import type { SystemMonitor } from './system-status.ts';
import { QUEUE_AGE_LIMIT_SECONDS, readJobs, readQueues, readRecentErrors } from './system-status.ts';

/** A webhook failure alerts for this long after it happened. */
const WEBHOOK_FAILURE_WINDOW_MS = 15 * 60_000;
/** 5xx over this share of the last five minutes' requests alerts ... */
const SERVER_ERROR_RATE = 0.01;
/** ... once there are this many requests to judge (a single 500 among three requests is not an outage). */
const SERVER_ERROR_MIN_REQUESTS = 20;
const HOUR_MS = 3_600_000;

interface Condition {
  /** Its key in private.system_alerts: webhook_failures, queue:mail, queue:push, server_errors, job:<name>. */
  condition: string;
  /** For people: the subject of the mails. */
  title: string;
  firing: boolean;
  /** What was seen, in words (the alert mail's body and the console's line). */
  detail: string;
}

const minutesWords = (seconds: number) => (seconds < 120 ? `${seconds} seconds` : `${Math.round(seconds / 60)} minutes`);

/** Every condition now, firing or not. As service_role. */
async function judgeConditions(q: Query, monitor: SystemMonitor, now: Date): Promise<Condition[]> {
  const conditions: Condition[] = [];
  const [hook] = await q<{ last_failure: Date | null; failures: number }>(
    `select max(last_at) as last_failure, coalesce(sum(events), 0)::int as failures
       from private.webhook_stats where outcome <> 'ok' and last_at > $1::timestamptz - interval '24 hours'`,
    [now.toISOString()],
  );
  const lastFailure = hook.last_failure ? new Date(hook.last_failure) : null;
  conditions.push({
    condition: 'webhook_failures',
    title: 'Stripe webhooks are failing',
    firing: lastFailure != null && now.getTime() - lastFailure.getTime() <= WEBHOOK_FAILURE_WINDOW_MS,
    detail: `${hook.failures} Stripe webhook call${hook.failures === 1 ? '' : 's'} failed in the last 24 hours (refused for a bad signature, or answered with a server error); the last at ${lastFailure?.toISOString() ?? 'none'}.`,
  });
  for (const queue of await readQueues(q, now)) {
    const age = queue.oldestAgeSeconds ?? 0;
    const what = queue.name === 'mail' ? 'Mail' : 'Push messages';
    conditions.push({
      condition: `queue:${queue.name}`,
      title: `${what} ${queue.name === 'mail' ? 'is' : 'are'} not going out`,
      firing: age > QUEUE_AGE_LIMIT_SECONDS,
      detail: `The ${queue.name} queue holds ${queue.depth} message${queue.depth === 1 ? '' : 's'}; the oldest has waited ${minutesWords(age)} (the limit is ${QUEUE_AGE_LIMIT_SECONDS / 60} minutes).`,
    });
  }
  const recent = await readRecentErrors(q, now);
  const rate = recent.requests ? recent.serverErrors / recent.requests : 0;
  conditions.push({
    condition: 'server_errors',
    title: 'More than 1% of requests fail',
    firing: recent.requests >= SERVER_ERROR_MIN_REQUESTS && rate > SERVER_ERROR_RATE,
    detail: `${recent.serverErrors} of ${recent.requests} requests in the last 5 minutes were answered with a server error (${(rate * 100).toFixed(1)}%).`,
  });
  for (const job of (await readJobs(q, monitor.jobs, now)).jobs) {
    conditions.push({
      condition: `job:${job.name}`,
      title: `The scheduled job ${job.name} stopped running`,
      firing: job.missedRuns,
      detail: `The job ${job.name} (${job.schedule}) has missed at least 3 runs; it last started at ${job.lastStartedAt ?? 'never'}.`,
    });
  }
  return conditions;
}

interface AlertRow { condition: string; firing: boolean; mailed_at: Date | null; episode_mailed: boolean }

/**
 * Compares the conditions with their stored states, in one transaction (rows locked, so two checks at once mail
 * once), and enqueues the mails. Returns what was mailed, for the tests and the job's answer.
 */
async function applyAlerts(db: Database, conditions: Condition[], mail: { to: string; siteUrl: string }, now: Date) {
  return db.transaction(serviceClaims, async (q) => {
    const mailed: { condition: string; kind: 'alert' | 'resolved' }[] = [];
    await q(`insert into private.system_alerts (condition) select unnest($1::text[]) on conflict do nothing`, [conditions.map((c) => c.condition)]);
    const rows = await q<AlertRow>(`select condition, firing, mailed_at, episode_mailed from private.system_alerts order by condition for update`);
    const byName = new Map(conditions.map((c) => [c.condition, c]));
    const mayMail = (row: AlertRow) => !row.mailed_at || now.getTime() - new Date(row.mailed_at).getTime() >= HOUR_MS;
    for (const row of rows) {
      // A condition no longer judged (a Cron job removed) has cleared.
      const judged = byName.get(row.condition) ?? { condition: row.condition, title: row.condition, firing: false, detail: '' };
      if (judged.firing) {
        const send = !row.episode_mailed && mayMail(row);
        if (send) {
          await enqueueMail(q, mail.to, systemAlertMail({ title: judged.title, detail: judged.detail, siteUrl: mail.siteUrl }));
          mailed.push({ condition: row.condition, kind: 'alert' });
        }
        await q(
          `update private.system_alerts set firing = true, since = case when firing then since else $2::timestamptz end, detail = $3,
                  mailed_at = case when $4 then $2::timestamptz else mailed_at end, episode_mailed = episode_mailed or $4
            where condition = $1`,
          [row.condition, now.toISOString(), judged.detail, send],
        );
      } else if (row.firing) {
        if (row.episode_mailed) {
          await enqueueMail(q, mail.to, systemResolvedMail({ title: judged.title, siteUrl: mail.siteUrl }));
          mailed.push({ condition: row.condition, kind: 'resolved' });
        }
        await q(`update private.system_alerts set firing = false, since = null, detail = null, episode_mailed = false where condition = $1`, [row.condition]);
      }
    }
    return mailed;
  });
}

/**
 * The periodic check: this process's request figures written, then every condition judged and the mails
 * enqueued. `to`: the admin address (ADMIN_EMAIL).
 */
export async function runSystemCheck(db: Database, monitor: SystemMonitor, mail: { to: string; siteUrl: string }, now = new Date()) {
  await monitor.stats.flush(now.getTime());
  const conditions = await db.transaction(serviceClaims, (q) => judgeConditions(q, monitor, now));
  const mailed = await applyAlerts(db, conditions, mail, now);
  return { firing: conditions.filter((c) => c.firing).map((c) => c.condition), mailed };
}
