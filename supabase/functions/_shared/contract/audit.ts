// The audit log of privileged acts (issue 41, decision 202): the admin reads every entry, an owner their business's.
import { z } from 'zod';

export const AUDIT_ACTIONS = [
  'refund', 'dispute_opened', 'dispute_won', 'dispute_lost', 'review_hidden', 'review_restored', 'post_hidden', 'post_restored',
  'offer_report_upheld', 'offer_report_rejected', 'business_paused', 'business_approved', 'business_deleted', 'account_deleted',
  'city_created', 'city_updated', 'city_deleted', 'charity_created', 'charity_updated', 'staff_invited', 'staff_removed',
  'tablet_paired', 'tablet_unpaired',
] as const;
export const auditAction = z.enum(AUDIT_ACTIONS);
export type AuditAction = z.infer<typeof auditAction>;

/** Each action in words, for the screens and the CSV file. */
export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  refund: 'Refund',
  dispute_opened: 'Dispute opened',
  dispute_won: 'Dispute won',
  dispute_lost: 'Dispute lost',
  review_hidden: 'Review hidden',
  review_restored: 'Review restored',
  post_hidden: 'Post hidden',
  post_restored: 'Post restored',
  offer_report_upheld: 'Report upheld',
  offer_report_rejected: 'Report rejected',
  business_paused: 'Business paused',
  business_approved: 'Business approved',
  business_deleted: 'Business deleted',
  account_deleted: 'Account deleted',
  city_created: 'City added',
  city_updated: 'City changed',
  city_deleted: 'City deleted',
  charity_created: 'Charity added',
  charity_updated: 'Charity changed',
  staff_invited: 'Staff invited',
  staff_removed: 'Staff removed',
  tablet_paired: 'Tablet paired',
  tablet_unpaired: 'Tablet unpaired',
};

const changed = z.record(z.string(), z.unknown()).nullable();

const auditEntry = z.object({
  id: z.number(),
  at: z.string(),
  /** Who did it (their email; "Stripe", or what acted on its own). */
  actor: z.string(),
  action: auditAction,
  /** What was done, in words: names, never ids. */
  description: z.string(),
  reason: z.string().nullable(),
  subjectName: z.string().nullable(),
  subjectEmail: z.string().nullable(),
  businessName: z.string().nullable(),
  paymentId: z.string().nullable(),
  before: changed,
  after: changed,
});
export type AuditEntry = z.infer<typeof auditEntry>;

const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date (YYYY-MM-DD)');

/** GET /api/admin/audit-log?q=&action=&from=&to=&cursor=&format=csv: newest first; `from`/`to` are UTC days, both included. */
export const auditLogQuery = z.object({
  q: z.string().trim().max(200, 'must be at most 200 characters').optional(),
  action: auditAction.optional(),
  from: isoDay.optional(),
  to: isoDay.optional(),
  cursor: z.string().regex(/^\d{1,18}$/, 'must be the cursor given with the previous page').optional(),
  format: z.enum(['json', 'csv']).optional(),
});
export type AuditLogQuery = z.output<typeof auditLogQuery>;

/** One page; `nextCursor` (opaque) gives the next, null on the last. */
export const auditLogAnswer = z.object({ entries: z.array(auditEntry), nextCursor: z.string().nullable() });
export type AuditLogAnswer = z.infer<typeof auditLogAnswer>;

/** An entry as the business's owner reads it: "You", "Pay Local" or the tablet, never the admin's address. */
const businessAuditEntry = auditEntry.pick({ id: true, at: true, actor: true, action: true, description: true, reason: true, before: true, after: true });

/** GET /api/merchant/audit-log?cursor=: the owner's business's entries, newest first. */
export const businessAuditLogQuery = auditLogQuery.pick({ cursor: true });
export const businessAuditLogAnswer = z.object({ entries: z.array(businessAuditEntry), nextCursor: z.string().nullable() });
export type BusinessAuditLogAnswer = z.infer<typeof businessAuditLogAnswer>;
