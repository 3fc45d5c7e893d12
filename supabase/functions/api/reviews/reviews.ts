// Reviews of a business and "offer not honoured" (issue 31, decision 183). Writes call the SQL functions of
// supabase/schemas/reviews.sql, private.rate_business and its kin (who may do what is decided there); reads go through row-level security.
// Every write first takes a place from the one limiter (decision 168) per account.
import {
  OFFER_REPORT_REPLY_HOURS, REVIEW_EDIT_DAYS,
  type AdminReviewQueueAnswer, type MyOfferReportsAnswer, type NotHonouredVisit, type BusinessReviewsAnswer, type MerchantReviewsAnswer, type OfferReport, type ReportedReview, type Review,
} from '../../_shared/contract/reviews.ts';
import type { Services } from '../services.ts';
import { type Query, iso, isoOrNull } from '../db/database.ts';
import { notFound, tooMany } from '../domain-error.ts';
import { ratingSummaryOf, type SummaryRow } from '../deals/index.ts';
import { takeHit } from '../limits/index.ts';
import { reportedPosts } from '../community/index.ts';

/** What these operations use of the request's services (services.ts). */
type Used = Pick<Services, 'tx'>;

/** At this many upheld reports of one business within UPHELD_ALERT_DAYS the admin is alerted (decision 191). */
export const UPHELD_ALERT_COUNT = 3;
const UPHELD_ALERT_DAYS = 90;

/** Writes (rate, edit, reply, report, not honoured, moderate) one account may make per window. */
export const REVIEW_WRITES_PER_HOUR = 30;
export const TOO_MANY_REVIEW_WRITES_MESSAGE = 'Too many reviews and reports for now. Please try again later.';

/** Counts one review write of the account; past the limit: 429 with Retry-After. */
export async function countReviewWrite(s: Used, userId: string): Promise<void> {
  const take = await s.tx.asService((q) => takeHit(q, [{ key: `reviews:user:${userId}`, limit: REVIEW_WRITES_PER_HOUR, windowSeconds: 3600 }]));
  if (!take.taken) throw tooMany(TOO_MANY_REVIEW_WRITES_MESSAGE, take.retryAfterSeconds);
}

/** The columns of a review as the caller sees it (alias r). */
const reviewColumns = `r.id::text, r.merchant_id, r.author_name, r.rating, r.comment, r.created_at, r.updated_at, r.reply, r.replied_at,
  r.hidden_at is not null as hidden, r.member_id = (select auth.uid()) as mine,
  (r.member_id = (select auth.uid()) and r.created_at > now() - interval '${REVIEW_EDIT_DAYS} days') as editable`;

type ReviewRow = {
  id: string; merchant_id: string; author_name: string; rating: number; comment: string | null; created_at: Date; updated_at: Date;
  reply: string | null; replied_at: Date | null; hidden: boolean; mine: boolean; editable: boolean;
};

const toReview = (r: ReviewRow): Review => ({
  id: r.id, merchantId: r.merchant_id, authorName: r.author_name, rating: Number(r.rating), comment: r.comment,
  createdAt: iso(r.created_at), updatedAt: iso(r.updated_at), reply: r.reply, repliedAt: isoOrNull(r.replied_at),
  hidden: r.hidden, mine: r.mine, editable: r.editable,
});

const summarySql = `select review_count, rating_sum from public.business_review_summaries where merchant_id = $1`;
const REVIEWS_SHOWN = 50;

/** GET /api/reviews/business/:merchantId. */
export async function businessReviews(q: Query, merchantId: string): Promise<BusinessReviewsAnswer> {
  const [merchant] = await q<{ name: string }>(`select name from public.merchants where id = $1`, [merchantId]);
  if (!merchant) throw notFound('Business not found');
  const [summary] = await q<SummaryRow>(summarySql, [merchantId]);
  const rows = await q<ReviewRow>(
    `select ${reviewColumns} from public.business_reviews r where r.merchant_id = $1 order by r.created_at desc, r.id desc limit ${REVIEWS_SHOWN}`,
    [merchantId]);
  const [rights] = await q<{ can_rate: boolean; can_report_not_honoured: boolean }>(`select * from private.review_rights($1)`, [merchantId]);
  return {
    merchantId, merchantName: merchant.name, summary: ratingSummaryOf(summary), reviews: rows.map(toReview),
    canRate: rights?.can_rate ?? false, canReportNotHonoured: rights?.can_report_not_honoured ?? false,
    visits: rights?.can_report_not_honoured ? await notHonouredVisits(q, merchantId) : [],
  };
}

export async function createReview(q: Query, merchantId: string, rating: number, comment: string | null | undefined): Promise<Review> {
  const [row] = await q<ReviewRow>(`select ${reviewColumns} from private.rate_business($1, $2, $3) r`, [merchantId, rating, comment ?? null]);
  return toReview(row!);
}

export async function editReview(q: Query, id: string, rating: number, comment: string | null | undefined): Promise<Review> {
  const [row] = await q<ReviewRow>(`select ${reviewColumns} from private.edit_review($1, $2, $3) r`, [id, rating, comment ?? null]);
  return toReview(row!);
}

export async function replyToReview(q: Query, id: string, reply: string): Promise<Review> {
  const [row] = await q<ReviewRow>(`select ${reviewColumns} from private.reply_to_review($1, $2) r`, [id, reply]);
  return toReview(row!);
}

export async function reportReview(q: Query, id: string, reason: string | null | undefined): Promise<void> {
  await q(`select private.report_review($1, $2)`, [id, reason ?? null]);
}

export async function moderateReview(q: Query, id: string, hide: boolean, reason: string | null | undefined): Promise<Review> {
  const [row] = await q<ReviewRow>(`select ${reviewColumns} from private.moderate_review($1, $2, $3) r`, [id, hide, reason ?? null]);
  return toReview(row!);
}

type OfferReportRow = {
  id: string; merchant_id: string; merchant_name: string; deal_title: string | null; note: string | null; created_at: Date;
  redemption_id: string | null; refusal_id: string | null; refusal_reason: string | null; reply: string | null;
  replied_at: Date | null; decided_at: Date | null; upheld: boolean | null; decision_note: string | null;
  auto_upheld: boolean; credit_cents: number | null;
};
const toOfferReport = (r: OfferReportRow): OfferReport => ({
  id: r.id, merchantId: r.merchant_id, merchantName: r.merchant_name, dealTitle: r.deal_title, note: r.note, createdAt: iso(r.created_at),
  visit: r.redemption_id ? { kind: 'redemption', id: r.redemption_id, reason: null }
    : r.refusal_id ? { kind: 'refusal', id: r.refusal_id, reason: r.refusal_reason } : null,
  state: r.upheld === null ? 'open' : r.upheld ? 'upheld' : 'rejected',
  replyDueAt: new Date(new Date(r.created_at).getTime() + OFFER_REPORT_REPLY_HOURS * 3600_000).toISOString(),
  reply: r.reply, repliedAt: isoOrNull(r.replied_at), decidedAt: isoOrNull(r.decided_at), decisionNote: r.decision_note,
  autoUpheld: r.auto_upheld, creditCents: r.credit_cents,
});
/** The columns of an offer report (alias o) with its business (m) and refused check (f). */
const offerReportColumns = `o.id::text, o.merchant_id, m.name as merchant_name, o.deal_title, o.note, o.created_at,
  o.redemption_id::text, o.refusal_id::text, f.reason as refusal_reason, o.reply, o.replied_at, o.decided_at, o.upheld,
  o.decision_note, o.auto_upheld, o.credit_cents`;

/** POST /api/reviews/not-honoured: attaches to the visit the member picked (decision 191), not the newest. */
export async function reportNotHonoured(
  q: Query, merchantId: string, note: string | null | undefined, redemptionId: string | null | undefined, refusalId: string | null | undefined,
): Promise<OfferReport> {
  const [row] = await q<OfferReportRow>(
    `select ${offerReportColumns}
       from private.report_offer_not_honoured($1, $2, $3, $4) o join public.merchants m on m.id = o.merchant_id
       left join public.counter_refusals f on f.id = o.refusal_id`,
    [merchantId, note ?? null, redemptionId ?? null, refusalId ?? null]);
  return toOfferReport(row!);
}

/** The caller's visits at a business in the last 24 hours not yet reported (the report sheet's picker). */
export async function notHonouredVisits(q: Query, merchantId: string): Promise<NotHonouredVisit[]> {
  const rows = await q<{ kind: 'redemption' | 'refusal'; id: string; deal_title: string; happened_at: Date; reason: string | null }>(
    `select kind, id::text, deal_title, happened_at, reason from private.not_honoured_records($1)`, [merchantId]);
  return rows.map((r) => ({ kind: r.kind, id: r.id, dealTitle: r.deal_title, at: iso(r.happened_at), reason: r.reason }));
}

const offerReportsSql = (where: string, limit: number) =>
  `select ${offerReportColumns}
     from public.offer_reports o join public.merchants m on m.id = o.merchant_id
     left join public.counter_refusals f on f.id = o.refusal_id
    ${where} order by o.created_at desc, o.id desc limit ${limit}`;

/** GET /api/reviews/not-honoured: the member's own reports with their state (RLS: own rows). */
export async function myOfferReports(q: Query): Promise<MyOfferReportsAnswer> {
  const rows = await q<OfferReportRow>(offerReportsSql('where o.member_id = (select auth.uid())', 100));
  return { reports: rows.map(toOfferReport) };
}

/** One report as the caller may read it (RLS), or 404. */
export async function offerReportById(q: Query, id: string): Promise<OfferReport> {
  const [row] = await q<OfferReportRow>(offerReportsSql('where o.id = $1', 1), [id]);
  if (!row) throw notFound('Report not found');
  return toOfferReport(row);
}

/** POST /api/reviews/not-honoured/{id}/reply: the owner, once, within 72 hours. */
export async function replyToOfferReport(q: Query, id: string, reply: string): Promise<OfferReport> {
  await q(`select private.reply_to_offer_report($1, $2)`, [id, reply]);
  return offerReportById(q, id);
}

/** GET /api/reviews/merchant: the owner's business (private.owner_merchant(): staff and others get 403). */
export async function merchantReviews(q: Query): Promise<MerchantReviewsAnswer> {
  const [{ id }] = await q<{ id: string }>(`select (private.owner_merchant()).id`);
  const [summary] = await q<SummaryRow>(summarySql, [id]);
  const rows = await q<ReviewRow>(
    `select ${reviewColumns} from public.business_reviews r where r.merchant_id = $1 order by r.created_at desc, r.id desc limit 100`, [id]);
  const reports = await q<OfferReportRow>(offerReportsSql('where o.merchant_id = $1', 100), [id]);
  return { summary: ratingSummaryOf(summary), reviews: rows.map(toReview), offerReports: reports.map(toOfferReport) };
}

type ReportedRow = ReviewRow & { merchant_name: string; open_reports: number; reports: number; reasons: string[] | null };

/**
 * GET /api/reviews/admin: reported reviews and community posts (open reports first), recent offer reports, businesses
 * reported repeatedly.
 */
export async function adminReviewQueue(q: Query): Promise<AdminReviewQueueAnswer> {
  const reported = await q<ReportedRow>(
    `select ${reviewColumns}, m.name as merchant_name, x.open_reports, x.reports, x.reasons
       from (select review_id, count(*) filter (where resolved_at is null)::int as open_reports, count(*)::int as reports,
                    (array_agg(reason order by created_at desc) filter (where reason is not null))[1:5] as reasons,
                    max(created_at) as last_at
               from public.review_reports group by review_id) x
       join public.business_reviews r on r.id = x.review_id
       join public.merchants m on m.id = r.merchant_id
      order by x.open_reports > 0 desc, x.last_at desc
      limit 100`);
  const reports = await q<OfferReportRow>(offerReportsSql(`where o.decided_at is null or o.created_at > now() - interval '30 days'`, 100));
  const repeated = await q<{ merchant_id: string; merchant_name: string; reports: number }>(
    `select o.merchant_id, m.name as merchant_name, count(*)::int as reports
       from public.offer_reports o join public.merchants m on m.id = o.merchant_id
      where o.created_at > now() - interval '30 days'
      group by o.merchant_id, m.name having count(*) >= 2
      order by count(*) desc, m.name limit 50`);
  // Listed businesses at the promise's threshold (decision 191): the admin may pause them in one step.
  const alerts = await q<{ merchant_id: string; merchant_name: string; upheld: number }>(
    `select o.merchant_id, m.name as merchant_name, count(*)::int as upheld
       from public.offer_reports o join public.merchants m on m.id = o.merchant_id
      where o.upheld and o.decided_at > now() - interval '${UPHELD_ALERT_DAYS} days' and m.active
      group by o.merchant_id, m.name having count(*) >= ${UPHELD_ALERT_COUNT}
      order by count(*) desc, m.name limit 50`);
  return {
    reported: reported.map((r): ReportedReview => ({
      ...toReview(r), merchantName: r.merchant_name, openReports: r.open_reports, reports: r.reports, reasons: r.reasons ?? [],
    })),
    reportedPosts: await reportedPosts(q),
    offerReports: reports.map(toOfferReport),
    repeated: repeated.map((r) => ({ merchantId: r.merchant_id, merchantName: r.merchant_name, reports: r.reports })),
    alerts: alerts.map((r) => ({ merchantId: r.merchant_id, merchantName: r.merchant_name, upheld: r.upheld })),
  };
}
