// The figures of the operator's console (decision 195), read for GET /api/admin/system, the deep health check and
// the alert check. The request and webhook figures are the bounded tables of system.sql; the queues are the
// outboxes; the scheduled jobs are pg_cron's (hosted) or the local runner's loops (job-runs.ts).
import type { Query } from '../db/database.ts';
import type { Services } from '../services.ts';
import type { SystemJob, SystemQueue, SystemRoute, SystemStatus } from '../../_shared/contract/system.ts';
import type { JobRuns } from './job-runs.ts';
import type { RequestFiguresPort } from '../ports/log.ts';
import { figuresWriterAs, p95Of } from './request-stats.ts';

/** What the API process keeps in memory for the console: its unwritten request figures and its loops' runs. */
export interface SystemMonitor {
  stats: RequestFiguresPort;
  jobs: JobRuns;
}

const iso = (d: Date | string | null | undefined) => (d == null ? null : new Date(d).toISOString());

// ---------------------------------------------------------------- the queues
export async function readQueues(q: Query, now: Date): Promise<SystemQueue[]> {
  const [row] = await q<{
    mail_depth: number; mail_oldest: Date | null; mail_failed: number;
    push_depth: number; push_oldest: Date | null; push_failed: number;
  }>(
    `select
       (select count(*)::int from private.mail_outbox where status in ('pending', 'sending')) as mail_depth,
       (select min(created_at) from private.mail_outbox where status in ('pending', 'sending')) as mail_oldest,
       (select count(*)::int from private.mail_outbox where status = 'failed' and created_at > $1::timestamptz - interval '24 hours') as mail_failed,
       (select count(*)::int from private.push_deliveries where status in ('pending', 'sending')) as push_depth,
       (select min(j.created_at) from private.push_jobs j
         where j.status = 'pending'
            or exists (select 1 from private.push_deliveries d where d.job_id = j.id and d.status in ('pending', 'sending'))) as push_oldest,
       -- A delivery given up keeps its last attempt's time plus its last wait as next_attempt_at.
       (select count(*)::int from private.push_deliveries where status = 'failed' and next_attempt_at > $1::timestamptz - interval '24 hours') as push_failed`,
    [now.toISOString()],
  );
  const age = (oldest: Date | null) => (oldest ? Math.max(0, Math.round((now.getTime() - new Date(oldest).getTime()) / 1000)) : null);
  return [
    { name: 'mail', depth: row.mail_depth, oldestAgeSeconds: age(row.mail_oldest), failed24h: row.mail_failed },
    { name: 'push', depth: row.push_depth, oldestAgeSeconds: age(row.push_oldest), failed24h: row.push_failed },
  ];
}

// ---------------------------------------------------------------- the scheduled jobs
/** A run counts as missed three times when none started for three intervals, each at least a minute. */
const missedAfterMs = (intervalMs: number) => 3 * Math.max(intervalMs, 60_000);

/**
 * How often a pg_cron schedule runs, for the schedules this project uses ("5 seconds", "* * * * *", "*\/5 * * * *",
 * "7 * * * *", "0 3 * * *"); null for any other (its missed runs are not judged).
 */
export function cronIntervalMs(schedule: string): number | null {
  const seconds = schedule.trim().match(/^(\d+) seconds?$/);
  if (seconds) return Number(seconds[1]) * 1000;
  const fields = schedule.trim().split(/\s+/);
  if (fields.length !== 5 || fields.slice(2).some((f) => f !== '*')) return null;
  const [minute, hour] = fields;
  if (hour === '*') {
    if (minute === '*') return 60_000;
    const every = minute.match(/^\*\/(\d+)$/);
    if (every) return Number(every[1]) * 60_000;
    return /^\d+$/.test(minute) ? 3_600_000 : null;
  }
  if (!/^\d+$/.test(minute)) return null;
  const everyHours = hour.match(/^\*\/(\d+)$/);
  if (everyHours) return Number(everyHours[1]) * 3_600_000;
  return /^\d+$/.test(hour) ? 86_400_000 : null;
}

export function hasMissedRuns(job: { lastStartedAt: string | null; lastEndedAt: string | null; lastOutcome: string | null }, intervalMs: number | null, now: Date): boolean {
  if (intervalMs == null) return false;
  // A run under way counts from its start: one that hangs misses the runs after it.
  const since = job.lastOutcome === 'running' ? job.lastStartedAt : job.lastEndedAt ?? job.lastStartedAt;
  return since != null && now.getTime() - new Date(since).getTime() > missedAfterMs(intervalMs);
}

interface CronRow {
  job_name: string; schedule: string; active: boolean; last_start: Date | null; last_end: Date | null;
  last_status: string | null; last_message: string | null; failures_24h: number;
}

/** pg_cron's jobs when it is installed (hosted), else the local runner's loops, else none. As service_role. */
export async function readJobs(q: Query, jobs: JobRuns, now: Date): Promise<{ source: SystemStatus['jobSource']; jobs: SystemJob[] }> {
  const cron = await q<CronRow>(`select * from private.cron_job_runs()`);
  // The catalog, not to_regclass: a role without usage on the cron schema may still learn that it exists.
  const [{ has_cron: hasCron }] = await q<{ has_cron: boolean }>(`select exists (select 1 from pg_catalog.pg_namespace where nspname = 'cron') as has_cron`);
  if (hasCron) {
    return {
      source: 'cron',
      jobs: cron.map((r) => {
        // pg_cron's statuses: starting, running, sending, connecting, succeeded, failed.
        const lastOutcome = r.last_status == null ? null : r.last_status === 'succeeded' ? 'succeeded' : r.last_status === 'failed' ? 'failed' : 'running';
        const job = { lastStartedAt: iso(r.last_start), lastEndedAt: iso(r.last_end), lastOutcome } as const;
        return {
          name: r.job_name, schedule: r.schedule, active: r.active, ...job,
          lastMessage: lastOutcome === 'failed' ? r.last_message : null,
          failures24h: r.failures_24h,
          missedRuns: r.active && hasMissedRuns(job, cronIntervalMs(r.schedule), now),
        };
      }),
    };
  }
  const runs = jobs.list();
  if (!runs.length) return { source: 'none', jobs: [] };
  return {
    source: 'runner',
    jobs: runs.map((r) => {
      const job = { lastStartedAt: iso(r.lastStartedAt == null ? null : new Date(r.lastStartedAt)), lastEndedAt: iso(r.lastEndedAt == null ? null : new Date(r.lastEndedAt)), lastOutcome: r.lastOutcome };
      return {
        name: r.name, schedule: r.schedule, active: true, ...job, lastMessage: r.lastMessage,
        failures24h: r.failures.filter((f) => f.at > now.getTime() - 86_400_000).length,
        missedRuns: hasMissedRuns(job, r.intervalMs, now),
      };
    }),
  };
}

// ---------------------------------------------------------------- webhooks and requests
async function readWebhooks(q: Query, now: Date): Promise<SystemStatus['webhooks']> {
  const rows = await q<{ outcome: 'ok' | 'bad_signature' | 'failed'; events: number; last_at: Date; last_event_type: string | null }>(
    `select outcome, sum(events)::int as events, max(last_at) as last_at,
            (array_agg(last_event_type order by last_at desc))[1] as last_event_type
       from private.webhook_stats where hour > $1::timestamptz - interval '25 hours' and last_at > $1::timestamptz - interval '24 hours'
      group by outcome`,
    [now.toISOString()],
  );
  const latest = [...rows].sort((a, b) => new Date(b.last_at).getTime() - new Date(a.last_at).getTime());
  const failures = latest.filter((r) => r.outcome !== 'ok');
  return {
    lastReceivedAt: iso(latest[0]?.last_at),
    lastOutcome: latest[0]?.outcome ?? null,
    lastEventType: rows.find((r) => r.outcome === 'ok')?.last_event_type ?? null,
    received24h: rows.reduce((n, r) => n + r.events, 0),
    failures24h: failures.reduce((n, r) => n + r.events, 0),
    lastFailureAt: iso(failures[0]?.last_at),
    lastFailureOutcome: failures[0]?.outcome ?? null,
  };
}

async function readRoutes(q: Query, now: Date): Promise<{ routes: SystemRoute[]; totals: SystemStatus['totals'] }> {
  // At most 24 rows a route: summed here, histograms bucket by bucket.
  const rows = await q<{ method: string; route: string; requests: number; client_errors: number; server_errors: number; total_ms: string; histogram: number[] }>(
    `select method, route, requests, client_errors, server_errors, total_ms::text as total_ms, histogram
       from private.request_stats where hour > $1::timestamptz - interval '24 hours'`,
    [now.toISOString()],
  );
  const byRoute = new Map<string, { method: string; route: string; requests: number; clientErrors: number; serverErrors: number; totalMs: number; histogram: number[] }>();
  for (const r of rows) {
    const key = `${r.method} ${r.route}`;
    const sum = byRoute.get(key) ?? { method: r.method, route: r.route, requests: 0, clientErrors: 0, serverErrors: 0, totalMs: 0, histogram: [] };
    sum.requests += r.requests;
    sum.clientErrors += r.client_errors;
    sum.serverErrors += r.server_errors;
    sum.totalMs += Number(r.total_ms);
    r.histogram.forEach((n, i) => { sum.histogram[i] = (sum.histogram[i] ?? 0) + n; });
    byRoute.set(key, sum);
  }
  const routes = [...byRoute.values()]
    .sort((a, b) => b.requests - a.requests || a.route.localeCompare(b.route))
    .map((r) => ({
      method: r.method, route: r.route, requests: r.requests, clientErrors: r.clientErrors, serverErrors: r.serverErrors,
      errorRate: r.requests ? r.serverErrors / r.requests : 0,
      averageMs: r.requests ? Math.round(r.totalMs / r.requests) : 0,
      p95Ms: p95Of(r.histogram),
    }));
  const requests = routes.reduce((n, r) => n + r.requests, 0);
  return {
    routes,
    totals: { requests, serverErrors: routes.reduce((n, r) => n + r.serverErrors, 0), requestsPerMinute: Math.round((requests / 1440) * 100) / 100 },
  };
}

/** Requests and 5xx answers of the last five minutes (the error-rate alert). */
export async function readRecentErrors(q: Query, now: Date): Promise<{ requests: number; serverErrors: number }> {
  const [row] = await q<{ requests: number; server_errors: number }>(
    `select coalesce(sum(requests), 0)::int as requests, coalesce(sum(server_errors), 0)::int as server_errors
       from private.request_minutes where minute >= date_trunc('minute', $1::timestamptz) - interval '4 minutes'`,
    [now.toISOString()],
  );
  return { requests: row.requests, serverErrors: row.server_errors };
}

// ---------------------------------------------------------------- the console's answer
/**
 * GET /api/admin/system. First writes this process's unwritten request figures (so the local runner's console is
 * current), then reads: the console's own tables as the caller (RLS: the admin), the outboxes, pg_cron and the
 * database's size as service_role (they are the server's, never a client's).
 */
export async function systemStatus(services: Pick<Services, 'tx'>, monitor: SystemMonitor, now = new Date()): Promise<SystemStatus> {
  await monitor.stats.flush(now.getTime(), figuresWriterAs(services.tx.asService));
  const mine = await services.tx.asCaller(async (q) => ({
    webhooks: await readWebhooks(q, now),
    ...(await readRoutes(q, now)),
    alerts: (await q<{ condition: string; since: Date | null; detail: string | null }>(
      `select condition, since, detail from private.system_alerts where firing order by since, condition`,
    )).map((a) => ({ condition: a.condition, since: iso(a.since), detail: a.detail })),
  }));
  const server = await services.tx.asService(async (q) => {
    const [size] = await q<{ bytes: string }>(`select pg_database_size(current_database())::text as bytes`);
    return { queues: await readQueues(q, now), ...(await readJobs(q, monitor.jobs, now)), databaseBytes: Number(size.bytes) };
  });
  return {
    checkedAt: now.toISOString(),
    webhooks: mine.webhooks,
    queues: server.queues,
    jobSource: server.source,
    jobs: server.jobs,
    routes: mine.routes,
    totals: mine.totals,
    databaseBytes: server.databaseBytes,
    alerts: mine.alerts,
  };
}

/** GET /api/health?deep=1: the database answers (and how fast), and the queues move (none older than 10 minutes). */
export async function deepHealthCheck(services: Pick<Services, 'tx'>, now = new Date()) {
  const started = performance.now();
  try {
    const queues = await services.tx.asService((q) => readQueues(q, now));
    const ms = Math.round(performance.now() - started);
    return { ok: queues.every((queue) => (queue.oldestAgeSeconds ?? 0) <= QUEUE_AGE_LIMIT_SECONDS), database: { ok: true, ms }, queues };
  } catch {
    return { ok: false, database: { ok: false, ms: Math.round(performance.now() - started) }, queues: [] };
  }
}

/** A queue whose oldest message waits longer than this is stuck (alert and deep health check). */
export const QUEUE_AGE_LIMIT_SECONDS = 600;
