// Reading the audit log (issue 41, decision 202). Entries are written only by the database (supabase/schemas/audit.sql
// and the money and moderation functions); here the admin's search, page and CSV file, and an owner's page.
import {
  AUDIT_ACTION_LABELS, type AuditEntry, type AuditLogAnswer, type AuditLogQuery, type BusinessAuditLogAnswer,
} from '../../_shared/contract/audit.ts';
import { toCsv } from '../../_shared/csv.ts';
import { isoDay } from '../../_shared/iso-dates.ts';
import type { Query } from '../db/database.ts';

const AUDIT_PAGE_SIZE = 50;
/** The most entries one CSV file holds (newest first); a narrower search or dates give the rest. */
const AUDIT_CSV_MAX = 10_000;

type EntryRow = Omit<AuditEntry, 'id' | 'at'> & { id: string | number; at: Date | string };

const toEntry = <R extends { id: string | number; at: Date | string; action: AuditEntry['action']; description: string }>(row: R) => ({
  ...row,
  id: Number(row.id),
  at: new Date(row.at).toISOString(),
  // Entries written before descriptions existed (decision 202) show their action's words.
  description: row.description || AUDIT_ACTION_LABELS[row.action],
});

/** `q` as an ILIKE pattern that matches it anywhere, its own % _ \ taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** The admin's entries matching the search (RLS: the admin reads all), newest first, `limit` after the cursor. */
async function findEntries(q: Query, filter: AuditLogQuery, limit: number): Promise<AuditEntry[]> {
  const rows = await q<EntryRow>(
    `select a.id, a.at, a.actor_label as actor, a.action, coalesce(a.description, a.details->>'description', '') as description,
            a.reason, pr.name as "subjectName", pr.email as "subjectEmail", m.name as "businessName",
            a.payment_id as "paymentId", a.before, a.after
       from public.admin_audit_log a
       left join public.profiles pr on pr.id = a.subject_user_id
       left join public.merchants m on m.id = a.merchant_id
      where ($1::text is null or a.description ilike $1 or a.details->>'description' ilike $1 or a.actor_label ilike $1
             or a.reason ilike $1 or pr.name ilike $1 or pr.email ilike $1 or m.name ilike $1)
        and ($2::text is null or a.action = $2)
        and ($3::date is null or a.at >= $3::date::timestamp at time zone 'UTC')
        and ($4::date is null or a.at < ($4::date + 1)::timestamp at time zone 'UTC')
        and ($5::bigint is null or a.id < $5::bigint)
      order by a.id desc
      limit $6`,
    [filter.q ? containing(filter.q) : null, filter.action ?? null, filter.from ?? null, filter.to ?? null, filter.cursor ?? null, limit]);
  return rows.map(toEntry);
}

/** GET /api/admin/audit-log: one page of the search, newest first. */
export async function auditLogPage(q: Query, filter: AuditLogQuery, pageSize = AUDIT_PAGE_SIZE): Promise<AuditLogAnswer> {
  const entries = await findEntries(q, filter, pageSize + 1);
  const page = entries.slice(0, pageSize);
  return { entries: page, nextCursor: entries.length > pageSize ? String(page[page.length - 1].id) : null };
}

const CSV_HEADER = ['When (UTC)', 'Who', 'Action', 'What', 'Business', 'Member', 'Member email', 'Why', 'Before', 'After'];
const changeText = (value: Record<string, unknown> | null) => (value ? JSON.stringify(value) : null);

/** GET /api/admin/audit-log?format=csv: the whole search (from the cursor, at most AUDIT_CSV_MAX entries) as a file. */
export async function auditLogCsv(q: Query, filter: AuditLogQuery): Promise<{ filename: string; csv: string }> {
  const entries = await findEntries(q, filter, AUDIT_CSV_MAX);
  const rows = entries.map((e) => [
    e.at, e.actor, AUDIT_ACTION_LABELS[e.action], e.description, e.businessName, e.subjectName, e.subjectEmail, e.reason,
    changeText(e.before), changeText(e.after),
  ]);
  return { filename: `audit-log-${isoDay(new Date())}.csv`, csv: toCsv([CSV_HEADER, ...rows]) };
}

/**
 * GET /api/merchant/audit-log: the caller's business's entries, newest first (RLS: an owner reads only those). Who
 * acted is "You", "Pay Local" for the admin, or what acted on its own (a tablet with the owner's code, the 72 hours).
 */
export async function businessAuditLogPage(q: Query, cursor: string | undefined, pageSize = AUDIT_PAGE_SIZE): Promise<BusinessAuditLogAnswer> {
  const rows = await q<EntryRow>(
    `select a.id, a.at,
            case when a.actor_id = (select auth.uid()) then 'You' when a.actor_id is null then a.actor_label else 'Pay Local' end as actor,
            a.action, coalesce(a.description, '') as description, a.reason, a.before, a.after
       from public.admin_audit_log a
      where a.merchant_id = (select m.id from public.merchants m where m.owner_user_id = (select auth.uid()))
        and ($1::bigint is null or a.id < $1::bigint)
      order by a.id desc
      limit $2`, [cursor ?? null, pageSize + 1]);
  const entries = rows.map(toEntry).map(({ id, at, actor, action, description, reason, before, after }) => ({ id, at, actor, action, description, reason, before, after }));
  const page = entries.slice(0, pageSize);
  return { entries: page, nextCursor: entries.length > pageSize ? String(page[page.length - 1].id) : null };
}
