// The mail outbox's table (decision 090): mail is written in the transaction of its cause, then claimed, sent and
// marked by the drainer (jobs/mail-drain.ts drainOutbox), each step its own transaction as service_role.
import { serviceClaims, type Database, type Query } from '../db/database.ts';
import type { RenderedMail } from './templates.ts';
import { claimDueSql } from '../db/leased-queue.ts';

/** Writes one message in the caller's transaction (service_role, or the user to their own address / the admin). */
export async function enqueueMail(query: Query, to: string, mail: RenderedMail): Promise<string> {
  const [row] = await query<{ id: string }>(
    `select private.enqueue_mail($1, $2, $3, $4, $5) as id`,
    [mail.kind, to, mail.subject, mail.text, mail.html],
  );
  return row.id;
}

export interface OutboxRow {
  id: string; to_address: string; subject: string; text_body: string; html_body: string;
  idempotency_key: string; attempts: number;
}

const claimMailSql = claimDueSql('private.mail_outbox', 'created_at',
  'queued.id, queued.to_address, queued.subject, queued.text_body, queued.html_body, queued.idempotency_key, queued.attempts');

/** Claims due rows and commits the claim (the lease starts). */
export function claimDue(db: Database, batchSize: number, leaseSeconds: number): Promise<OutboxRow[]> {
  return db.transaction(serviceClaims, (q) => q<OutboxRow>(claimMailSql, [batchSize, leaseSeconds]));
}

/** The provider accepted the message (its id kept, at most 200 characters). */
export async function markMailSent(db: Database, id: string, providerId: string): Promise<void> {
  await db.transaction(serviceClaims, (q) => q(
    `update private.mail_outbox set status = 'sent', sent_at = now(), provider_id = $2, last_error = null
      where id = $1 and status = 'sending'`,
    [id, providerId.slice(0, 200)],
  ));
}

/** Not sent: tried again after `waitSeconds` ('pending'), or given up ('failed'); `reason` is the failure's kind only. */
export async function markMailNotSent(
  db: Database, id: string, status: 'pending' | 'failed', reason: string, waitSeconds: number,
): Promise<void> {
  await db.transaction(serviceClaims, (q) => q(
    `update private.mail_outbox
        set status = $2, last_error = $3, claimed_at = null,
            next_attempt_at = now() + make_interval(secs => $4::int)
      where id = $1 and status = 'sending'`,
    [id, status, reason, waitSeconds],
  ));
}
