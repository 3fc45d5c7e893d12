// The push queue's tables (decision 110): jobs (one per event, written by private.notify_followers), expanded into
// one delivery per follower device, claimed, then settled by the drainer (jobs/push-drain.ts drainPush).
// Each step is its own transaction as service_role, so a crash loses nothing and repeats nothing.
import { serviceClaims, type Database } from '../db/database.ts';
import { claimDueSql } from '../db/leased-queue.ts';

/** A claimed delivery: its device's subscription and its job's event. */
export interface ClaimedDelivery {
  id: string;
  attempts: number;
  subscription_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  type: string;
  deal_id: string | null;
  data: Record<string, unknown>;
}

/** Expands the oldest pending job by one batch; -1 when no job is pending (or all are being expanded). */
export function expandOneBatch(db: Database, batch: number): Promise<number> {
  return db.transaction(serviceClaims, async (q) => {
    const [job] = await q<{ id: string }>(
      `select id from private.push_jobs where status = 'pending' order by created_at limit 1 for update skip locked`,
    );
    if (!job) return -1;
    const [row] = await q<{ added: number }>(`select private.expand_push_job($1, $2) as added`, [job.id, batch]);
    return row.added;
  });
}

const claimDeliveriesSql = `with claimed as (
  ${claimDueSql('private.push_deliveries', 'id', 'queued.id, queued.attempts, queued.job_id, queued.subscription_id')})
  select c.id::text, c.attempts, c.subscription_id, s.endpoint, s.p256dh, s.auth, j.type, j.deal_id, j.data
    from claimed c
    join public.push_subscriptions s on s.id = c.subscription_id
    join private.push_jobs j on j.id = c.job_id`;

/** Claims due deliveries and commits the claim (the lease starts). */
export function claimDeliveries(db: Database, batch: number, leaseSeconds: number): Promise<ClaimedDelivery[]> {
  return db.transaction(serviceClaims, (q) => q<ClaimedDelivery>(claimDeliveriesSql, [batch, leaseSeconds]));
}

/** A delivery not accepted: tried again after `wait` seconds ('pending') or given up ('failed'). */
export interface DeliveryRetry {
  id: string;
  status: 'pending' | 'failed';
  /** The failure's kind only: never endpoints or keys. */
  reason: string;
  wait: number;
}

/**
 * Settles a round, in one transaction: the accepted deliveries are deleted; the subscriptions of devices gone
 * (404/410) are deleted, and with them every delivery still queued for them; the rest wait or are given up.
 */
export function settleDeliveries(
  db: Database, outcome: { sent: string[]; goneSubscriptions: string[]; later: DeliveryRetry[] },
): Promise<void> {
  const { sent, goneSubscriptions: gone, later } = outcome;
  return db.transaction(serviceClaims, async (q) => {
    if (sent.length) await q(`delete from private.push_deliveries where id = any($1::bigint[])`, [sent]);
    if (gone.length) await q(`delete from public.push_subscriptions where id = any($1::uuid[])`, [gone]);
    if (later.length) {
      await q(
        `update private.push_deliveries d
            set status = u.status, last_error = u.reason, claimed_at = null,
                next_attempt_at = now() + make_interval(secs => u.wait)
           from unnest($1::bigint[], $2::text[], $3::text[], $4::int[]) as u(id, status, reason, wait)
          where d.id = u.id and d.status = 'sending'`,
        [later.map((l) => l.id), later.map((l) => l.status), later.map((l) => l.reason), later.map((l) => l.wait)],
      );
    }
  });
}

/** Jobs whose deliveries are all gone are kept a week for inspection, then dropped. */
export async function dropOldJobs(db: Database): Promise<void> {
  await db.transaction(serviceClaims, (q) => q(
    `delete from private.push_jobs j where j.status = 'done' and j.done_at < now() - interval '7 days'
        and not exists (select 1 from private.push_deliveries d where d.job_id = j.id)`,
  ));
}
