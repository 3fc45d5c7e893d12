import { z } from 'zod';

// GET /api/admin/system (decision 195): the service's health for its operator. Times are ISO strings; ages and
// durations in seconds or milliseconds as named. Request figures are written by each API process at most once a
// minute, so they lag by up to a minute.

const at = z.string().nullable();

const webhookOutcome = z.enum(['ok', 'bad_signature', 'failed']);

const systemWebhooks = z.object({
  /** The last Stripe webhook call, whatever its outcome. */
  lastReceivedAt: at,
  lastOutcome: webhookOutcome.nullable(),
  /** The type of the last event whose signature held (e.g. invoice.paid). */
  lastEventType: z.string().nullable(),
  received24h: z.number(),
  /** Calls refused for their signature (400) or answered 5xx, in the last 24 hours. */
  failures24h: z.number(),
  lastFailureAt: at,
  lastFailureOutcome: webhookOutcome.nullable(),
});

const systemQueue = z.object({
  name: z.enum(['mail', 'push']),
  /** Messages waiting or being sent. */
  depth: z.number(),
  /** Age of the oldest waiting message; null when none waits. */
  oldestAgeSeconds: z.number().nullable(),
  /** Messages given up on in the last 24 hours. */
  failed24h: z.number(),
});
export type SystemQueue = z.infer<typeof systemQueue>;

const systemJob = z.object({
  name: z.string(),
  /** The Cron schedule ("* * * * *", "5 seconds") or the local loop's interval in words. */
  schedule: z.string(),
  active: z.boolean(),
  lastStartedAt: at,
  lastEndedAt: at,
  lastOutcome: z.enum(['succeeded', 'failed', 'running']).nullable(),
  lastMessage: z.string().nullable(),
  failures24h: z.number(),
  /** Three runs (counting at most one a minute) have not happened since the last one. */
  missedRuns: z.boolean(),
});
export type SystemJob = z.infer<typeof systemJob>;

const systemRoute = z.object({
  method: z.string(),
  /** The route's pattern (/api/deals/:id), never a path. */
  route: z.string(),
  requests: z.number(),
  clientErrors: z.number(),
  serverErrors: z.number(),
  /** Share of answers that were 5xx, 0..1. */
  errorRate: z.number(),
  averageMs: z.number(),
  /** The 95th percentile as its histogram bucket's upper bound; null: slower than 2.5 s. */
  p95Ms: z.number().nullable(),
});
export type SystemRoute = z.infer<typeof systemRoute>;

const systemAlert = z.object({
  condition: z.string(),
  since: at,
  detail: z.string().nullable(),
});

export const systemStatus = z.object({
  checkedAt: z.string(),
  webhooks: systemWebhooks,
  queues: z.array(systemQueue),
  /** cron: pg_cron's jobs (hosted); runner: the local runner's loops; none: neither is known to this process. */
  jobSource: z.enum(['cron', 'runner', 'none']),
  jobs: z.array(systemJob),
  /** The last 24 hours, busiest route first. */
  routes: z.array(systemRoute),
  totals: z.object({ requests: z.number(), serverErrors: z.number(), requestsPerMinute: z.number() }),
  databaseBytes: z.number(),
  /** Conditions alerting now. */
  alerts: z.array(systemAlert),
});
export type SystemStatus = z.infer<typeof systemStatus>;

/** GET /api/health?deep=1: the database and the queues, for the admin or the HEALTH_CHECK_TOKEN. */
export const deepHealth = z.object({
  ok: z.boolean(),
  database: z.object({ ok: z.boolean(), ms: z.number() }),
  queues: z.array(systemQueue),
});
