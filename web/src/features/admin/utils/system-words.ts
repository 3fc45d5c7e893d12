// The operator's console in words for people (decision 195): ages, sizes and shares as a sentence says them.
import type { SystemJob, SystemQueue, SystemStatus } from '@shared/contract/index.ts';
import { formatCount } from '@/lib/numbers';

const plural = (n: number, one: string, many = `${one}s`) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** 45 seconds, 12 minutes, 3 hours, 2 days. */
export function duration(seconds: number): string {
  if (seconds < 90) return plural(Math.max(0, Math.round(seconds)), 'second');
  if (seconds < 90 * 60) return plural(Math.round(seconds / 60), 'minute');
  if (seconds < 36 * 3600) return plural(Math.round(seconds / 3600), 'hour');
  return plural(Math.round(seconds / 86_400), 'day');
}

/** "3 minutes ago", measured from the answer's own time. */
export function ago(at: string, now: string): string {
  const seconds = (Date.parse(now) - Date.parse(at)) / 1000;
  return seconds < 5 ? 'just now' : `${duration(seconds)} ago`;
}

/** 42 MB, 1.2 GB. */
export function bytes(n: number): string {
  if (n >= 1024 ** 3) return `${(n / 1024 ** 3).toFixed(1)} GB`;
  if (n >= 1024 ** 2) return `${Math.round(n / 1024 ** 2)} MB`;
  return `${Math.max(1, Math.round(n / 1024))} KB`;
}

/** 0.2% (one decimal under 10%). */
export const percent = (share: number) => `${(share * 100).toFixed(share < 0.1 ? 1 : 0)}%`;

const OUTCOMES: Record<NonNullable<SystemStatus['webhooks']['lastOutcome']>, string> = {
  ok: 'accepted',
  bad_signature: 'refused: bad signature',
  failed: 'failed with a server error',
};

export function webhookSentences(w: SystemStatus['webhooks'], now: string): string[] {
  if (!w.lastReceivedAt) return ['No Stripe webhook has arrived in the last 24 hours.'];
  const last = `The last Stripe webhook arrived ${ago(w.lastReceivedAt, now)} and was ${OUTCOMES[w.lastOutcome ?? 'ok']}`
    + `${w.lastEventType && w.lastOutcome === 'ok' ? ` (${w.lastEventType})` : ''}.`;
  const failures = w.failures24h && w.lastFailureAt
    ? `${plural(w.failures24h, 'call')} of ${formatCount(w.received24h)} failed in the last 24 hours; the last ${ago(w.lastFailureAt, now)} (${OUTCOMES[w.lastFailureOutcome ?? 'failed']}).`
    : `${plural(w.received24h, 'call')} in the last 24 hours, none failed.`;
  return [last, failures];
}

const QUEUE_NAMES: Record<SystemQueue['name'], string> = { mail: 'Mail', push: 'Push messages' };

export function queueSentence(q: SystemQueue): string {
  const waiting = q.depth === 0
    ? 'nothing waiting'
    : `${formatCount(q.depth)} waiting, the oldest for ${duration(q.oldestAgeSeconds ?? 0)}`;
  const givenUp = q.failed24h === 0 ? 'none given up' : `${plural(q.failed24h, 'message')} given up`;
  return `${QUEUE_NAMES[q.name]}: ${waiting}; ${givenUp} in the last 24 hours.`;
}

/** What each scheduled job does, in words; the job's own name (as Supabase Cron lists it) stays beside it. */
const JOB_WORDS: Record<string, string> = {
  'billing-reminders': 'Billing reminders',
  'drain-outbox': 'Sending mail',
  'drain-push': 'Sending push messages',
  'flush-live': 'Live updates to open screens',
  'gift-deliveries': 'Gift deliveries',
  'objects-cleanup': 'Removing unused photos',
  'open-states': 'Keeping “open now” current',
  'promise-deadlines': 'Offer-not-honoured deadlines',
  'purge-job-run-details': 'Clearing old job history',
  'referral-rewards': 'Referral rewards',
  'system-check': 'System check and alerts',
};

/** A job in words; one not listed reads spaced and capitalised rather than as its name. */
export function jobWords(name: string): string {
  const known = JOB_WORDS[name];
  if (known) return known;
  const spaced = name.replace(/[_-]+/g, ' ').trim();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

export const jobLastRun = (job: SystemJob, now: string) => (job.lastStartedAt ? ago(job.lastStartedAt, now) : 'Not run yet');

/** "about 12 a minute", or per hour when fewer than one a minute. */
export function requestRate(t: SystemStatus['totals']): string {
  return t.requestsPerMinute >= 1 ? `about ${formatCount(Math.round(t.requestsPerMinute))} a minute` : `about ${formatCount(Math.round(t.requests / 24))} an hour`;
}

export const JOB_OUTCOMES: Record<NonNullable<SystemJob['lastOutcome']>, string> = {
  succeeded: 'Succeeded',
  failed: 'Failed',
  running: 'Running',
};

/** The 95th percentile as its bucket's bound: "within 100 ms", "over 2.5 s". */
export const p95Words = (ms: number | null) => (ms == null ? 'over 2.5 s' : ms >= 1000 ? `within ${ms / 1000} s` : `within ${ms} ms`);
