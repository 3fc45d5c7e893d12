// The one claim rule of the two queues the API drains: the mail outbox (decision 090, mail/outbox.ts) and
// the push deliveries (decision 110, push/queue.ts). Their drainers (jobs/mail-drain.ts,
// jobs/push-drain.ts) claim rows, send them, then mark them; a drainer that dies leaves its rows 'sending'
// until their lease runs out, when any drainer claims them again.

/** A table with the queue columns: id, status ('pending' | 'sending' | ...), attempts, next_attempt_at, claimed_at. */
type LeasedQueue = 'private.mail_outbox' | 'private.push_deliveries';

/**
 * The statement that claims up to $1 rows of `table`: those due (pending, their next attempt's time come) or whose
 * claim is older than the lease ($2 seconds), the longest due first (then `tieBreak`), skipping rows another drainer
 * holds. Each becomes 'sending', claimed now, with one more attempt; `returning` names the columns answered (as
 * `queued.<column>`). Names come from this code, never from input.
 */
export const claimDueSql = (table: LeasedQueue, tieBreak: 'created_at' | 'id', returning: string) =>
  `update ${table} queued
      set status = 'sending', claimed_at = now(), attempts = queued.attempts + 1
    where queued.id in (
      select id from ${table}
       where (status = 'pending' and next_attempt_at <= now())
          or (status = 'sending' and claimed_at < now() - make_interval(secs => $2::int))
       order by next_attempt_at, ${tieBreak}
       limit $1
       for update skip locked)
    returning ${returning}`;
