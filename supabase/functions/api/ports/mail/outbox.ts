// The durable outbox (decision 090): mail is written in the transaction of its cause and sent later by
// drainOutbox, so sending never blocks or fails the request. Each row is claimed with
// `for update skip locked`, sent under its idempotency key, then marked sent; failures wait with
// exponential backoff. A drainer that dies between claim and mark leaves the row 'sending'; after the
// lease it is claimed again and sent under the same key, which the provider (and the .eml adapter)
// answer without a second delivery.
import type { Database, Query } from '../../db/database.ts';
import { serviceClaims } from '../../db/database.ts';
import { MailSendError, type MailPort } from './mail-port.ts';
import { backoffSeconds, startDrainLoop } from '../../lib/drain-loop.ts';
import type { RenderedMail } from './templates.ts';

/** Writes one message in the caller's transaction (service_role, or the user to their own address / the admin). */
export async function enqueueMail(query: Query, to: string, mail: RenderedMail): Promise<string> {
  const [row] = await query<{ id: string }>(
    `select private.enqueue_mail($1, $2, $3, $4, $5) as id`,
    [mail.kind, to, mail.subject, mail.text, mail.html],
  );
  return row.id;
}

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

interface OutboxRow {
  id: string; to_address: string; subject: string; text_body: string; html_body: string;
  idempotency_key: string; attempts: number;
}

/** Claims due rows and commits the claim (the lease starts). */
export function claimDue(db: Database, batchSize: number, leaseSeconds: number): Promise<OutboxRow[]> {
  return db.transaction(serviceClaims, (q) => q<OutboxRow>(
    `update private.mail_outbox o
        set status = 'sending', claimed_at = now(), attempts = o.attempts + 1
      where o.id in (
        select id from private.mail_outbox
         where (status = 'pending' and next_attempt_at <= now())
            or (status = 'sending' and claimed_at < now() - make_interval(secs => $2::int))
         order by next_attempt_at, created_at
         limit $1
         for update skip locked)
      returning o.id, o.to_address, o.subject, o.text_body, o.html_body, o.idempotency_key, o.attempts`,
    [batchSize, leaseSeconds],
  ));
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
      await db.transaction(serviceClaims, (q) => q(
        `update private.mail_outbox set status = 'sent', sent_at = now(), provider_id = $2, last_error = null
          where id = $1 and status = 'sending'`,
        [row.id, id.slice(0, 200)],
      ));
      result.sent++;
    } catch (error) {
      const retryable = !(error instanceof MailSendError) || error.retryable;
      const giveUp = !retryable || row.attempts >= maxAttempts;
      // Only the failure's kind is kept: never addresses, bodies or keys.
      const reason = (error instanceof MailSendError ? error.message : (error as Error).name ?? 'error').slice(0, 200);
      await db.transaction(serviceClaims, (q) => q(
        `update private.mail_outbox
            set status = $2, last_error = $3, claimed_at = null,
                next_attempt_at = now() + make_interval(secs => $4::int)
          where id = $1 and status = 'sending'`,
        [row.id, giveUp ? 'failed' : 'pending', reason, backoffSeconds(row.attempts, backoffBaseSeconds, backoffMaxSeconds)],
      ));
      if (giveUp) result.failed++;
      else result.retrying++;
      console.warn(`mail ${row.id}: ${giveUp ? 'gave up' : 'will retry'} after attempt ${row.attempts} (${reason})`);
    }
  }
  return result;
}

/** Runs drainOutbox every intervalMs until stopped (the local runner). Returns stop(). */
export const startOutboxLoop = (db: Database, mail: MailPort, options: DrainOptions & { intervalMs?: number }) =>
  startDrainLoop('mail outbox', () => drainOutbox(db, mail, options), options.intervalMs);
