// The durable outbox (decision 090): mail is written in the transaction of its cause and sent later by
// drainOutbox, so sending never blocks or fails the request. Each row is claimed with
// `for update skip locked`, sent under its idempotency key, then marked sent; failures wait with
// exponential backoff. A drainer that dies between claim and mark leaves the row 'sending'; after the
// lease it is claimed again and sent under the same key, which the provider (and the .eml adapter)
// answer without a second delivery.
// The outbox's SQL (enqueueMail, the claim, the marks) is in mail/outbox.ts.
import type { Database } from '../db/database.ts';
import { claimDue, markMailNotSent, markMailSent } from '../mail/index.ts';
import { MailSendError, type MailPort } from '../ports/mail/mail-port.ts';
import { backoffSeconds, startDrainLoop } from './drain-loop.ts';
import type { JobRuns } from '../system/index.ts';

export interface DrainOptions {
  from: string;
  batchSize?: number;
  /** Give up after this many attempts (status 'failed'). */
  maxAttempts?: number;
  /** A claim older than this is taken to belong to a drainer that died. */
  leaseSeconds?: number;
  /** Backoff after attempt n: base * 2^(n-1), capped. */
  backoffBaseSeconds?: number;
  backoffMaxSeconds?: number;
}

export interface DrainResult {
  claimed: number;
  sent: number;
  retrying: number;
  failed: number;
}

/** Sends what is due, once. Safe to run from many places at once (claims skip locked rows). */
export async function drainOutbox(db: Database, mail: MailPort, options: DrainOptions): Promise<DrainResult> {
  const {
    batchSize = 20, maxAttempts = 8, leaseSeconds = 300, backoffBaseSeconds = 30, backoffMaxSeconds = 3600,
  } = options;
  const rows = await claimDue(db, batchSize, leaseSeconds);
  const result: DrainResult = { claimed: rows.length, sent: 0, retrying: 0, failed: 0 };
  for (const row of rows) {
    try {
      const { id } = await mail.send({
        from: options.from, to: row.to_address, subject: row.subject, text: row.text_body, html: row.html_body,
        idempotencyKey: row.idempotency_key,
      });
      await markMailSent(db, row.id, id);
      result.sent++;
    } catch (error) {
      const retryable = !(error instanceof MailSendError) || error.retryable;
      const giveUp = !retryable || row.attempts >= maxAttempts;
      // Only the failure's kind is kept: never addresses, bodies or keys.
      const reason = (error instanceof MailSendError ? error.message : (error as Error).name ?? 'error').slice(0, 200);
      await markMailNotSent(db, row.id, giveUp ? 'failed' : 'pending', reason,
        backoffSeconds(row.attempts, backoffBaseSeconds, backoffMaxSeconds));
      if (giveUp) result.failed++;
      else result.retrying++;
      console.warn(`mail ${row.id}: ${giveUp ? 'gave up' : 'will retry'} after attempt ${row.attempts} (${reason})`);
    }
  }
  return result;
}

/**
 * Runs drainOutbox every intervalMs until stopped (the local runner). Returns stop(). With `jobs`, each run is noted
 * for the operator's console under the hosted Cron job's name.
 */
export function startOutboxLoop(db: Database, mail: MailPort, options: DrainOptions & { intervalMs?: number; jobs?: JobRuns }) {
  const intervalMs = options.intervalMs ?? 1000;
  const drain = () => drainOutbox(db, mail, options);
  return startDrainLoop('mail outbox', options.jobs ? options.jobs.track('drain-outbox', intervalMs, drain) : drain, intervalMs);
}
