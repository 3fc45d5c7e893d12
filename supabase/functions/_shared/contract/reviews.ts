import { z } from 'zod';
import { ofBusiness, text, uuid } from './common.ts';
import { reportedPost } from './community.ts';

// Reviews of a business and "offer not honoured" (issue 31, decision 183). Every text is plain text: stored as
// typed (trimmed), shown as text, never as HTML.

export const REVIEW_COMMENT_MAX = 500;
export const REVIEW_REPLY_MAX = 500;
export const REVIEW_REPORT_REASON_MAX = 300;
export const OFFER_REPORT_NOTE_MAX = 500;
/** Days during which the author may change a review. */
export const REVIEW_EDIT_DAYS = 7;

const rating = z.number({ message: 'must be a whole number from 1 to 5' })
  .int('must be a whole number from 1 to 5').min(1, 'must be a whole number from 1 to 5').max(5, 'must be a whole number from 1 to 5');
const optionalText = (max: number) => text(max).nullish();

/** POST /api/reviews: rate a business for the caller's newest redemption there without a review. */
export const createReviewBody = z.object({
  merchantId: uuid,
  rating,
  comment: optionalText(REVIEW_COMMENT_MAX),
});
/** PATCH /api/reviews/{id}: the author changes rating and comment within REVIEW_EDIT_DAYS. */
export const editReviewBody = z.object({ rating, comment: optionalText(REVIEW_COMMENT_MAX) });
/** POST /api/reviews/{id}/reply: the business's owner, once. */
export const replyBody = z.object({ reply: text(REVIEW_REPLY_MAX).trim().min(1, 'must not be empty') });
/** POST /api/reviews/{id}/report: any signed-in user, once per review. */
export const reportReviewBody = z.object({ reason: optionalText(REVIEW_REPORT_REASON_MAX) });
/** POST /api/reviews/{id}/hide and /restore: the admin. */
export const moderateReviewBody = z.object({ reason: optionalText(REVIEW_REPORT_REASON_MAX) });
/** Hours the owner has to answer a report; a report naming a visit left unanswered this long is upheld (decision 191). */
export const OFFER_REPORT_REPLY_HOURS = 72;
const recordId = z.string().regex(/^[1-9]\d{0,17}$/, 'must be a record id');
/**
 * POST /api/reviews/not-honoured: the business, and the visit the member picked from `visits` (their redemption or
 * refused check there in the last 24 hours), or none with a note (decision 191).
 */
export const offerNotHonouredBody = z.object({
  merchantId: uuid,
  note: optionalText(OFFER_REPORT_NOTE_MAX),
  redemptionId: recordId.nullish(),
  refusalId: recordId.nullish(),
}).refine((b) => !(b.redemptionId && b.refusalId), { message: 'Name one visit: a redemption or a refused check, not both.' });
/** POST /api/reviews/not-honoured/{id}/reply: the business's owner, once, within OFFER_REPORT_REPLY_HOURS. */
export const offerReportReplyBody = z.object({ reply: text(OFFER_REPORT_NOTE_MAX).trim().min(1, 'must not be empty') });
/** POST /api/reviews/not-honoured/{id}/decision: the admin. */
export const offerReportDecisionBody = z.object({ upheld: z.boolean(), note: optionalText(OFFER_REPORT_NOTE_MAX) });
/** POST /api/reviews/not-honoured/business/{merchantId}/pause: the admin, after repeated upheld reports. */
export const pauseBusinessBody = z.object({ reason: optionalText(OFFER_REPORT_NOTE_MAX) });

/** A visit the member may name in a report: a redemption, or a check the counter refused (with its reason). */
export const notHonouredVisit = z.object({
  kind: z.enum(['redemption', 'refusal']),
  id: z.string(),
  dealTitle: z.string(),
  at: z.string(),
  /** The counter's refusal, as staff saw it (refusals only). */
  reason: z.string().nullable(),
});
export type NotHonouredVisit = z.infer<typeof notHonouredVisit>;

export const review = z.object({
  id: z.string(),
  merchantId: z.string(),
  /** The author's first name. */
  authorName: z.string(),
  rating: z.number(),
  comment: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  /** Hidden by the admin: only its author, the business's owner and the admin still see it. */
  hidden: z.boolean(),
  /** Written by the caller. */
  mine: z.boolean(),
  /** The caller may still change it (their own, within REVIEW_EDIT_DAYS). */
  editable: z.boolean(),
});
export type Review = z.infer<typeof review>;

export const ratingSummary = z.object({
  /** Mean of the shown ratings, one decimal; null without any. */
  average: z.number().nullable(),
  count: z.number(),
});
export type RatingSummary = z.infer<typeof ratingSummary>;

/** GET /api/reviews/business/{merchantId}: a business's reviews, newest first, and what the caller may do there. */
export const businessReviewsAnswer = z.object({
  ...ofBusiness,
  summary: ratingSummary,
  reviews: z.array(review),
  /** The caller has a redemption there still to rate. */
  canRate: z.boolean(),
  /** The caller showed a pass or code there in the last 24 hours and has not reported that visit. */
  canReportNotHonoured: z.boolean(),
  /** The caller's visits there in the last 24 hours not yet reported, newest first: what the report sheet offers. */
  visits: z.array(notHonouredVisit).optional(),
});
export type BusinessReviewsAnswer = z.infer<typeof businessReviewsAnswer>;

/** open: waiting for the owner or the admin; upheld or rejected once decided. */
export const offerReportState = z.enum(['open', 'upheld', 'rejected']);
export const offerReport = z.object({
  id: z.string(),
  ...ofBusiness,
  /** The deal of the visit named; null when the report names none. */
  dealTitle: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  /** The visit the report names (decision 191). */
  visit: z.object({ kind: z.enum(['redemption', 'refusal']), id: z.string(), reason: z.string().nullable() }).nullable(),
  state: offerReportState,
  /** Until then the owner may answer; a report naming a visit left unanswered is then upheld. */
  replyDueAt: z.string(),
  reply: z.string().nullable(),
  repliedAt: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** Upheld without an admin: the owner left it unanswered for 72 hours. */
  autoUpheld: z.boolean(),
  /** The account credit the upheld report gave (0: one was given in the last 30 days). */
  creditCents: z.number().nullable(),
});
export type OfferReport = z.infer<typeof offerReport>;

/** GET /api/reviews/merchant: the owner's dashboard: their business's reviews and "offer not honoured" reports. */
export const merchantReviewsAnswer = z.object({
  summary: ratingSummary,
  reviews: z.array(review),
  offerReports: z.array(offerReport),
});
export type MerchantReviewsAnswer = z.infer<typeof merchantReviewsAnswer>;

export const reportedReview = review.extend({
  merchantName: z.string(),
  openReports: z.number(),
  reports: z.number(),
  /** The reasons given, newest first (at most 5). */
  reasons: z.array(z.string()),
});
export type ReportedReview = z.infer<typeof reportedReview>;

/** GET /api/reviews/admin: the admin's queue: reported reviews and community posts (open first), reports of offers not honoured. */
export const adminReviewQueueAnswer = z.object({
  reported: z.array(reportedReview),
  /** Reported community posts (decision 196), open reports first. */
  reportedPosts: z.array(reportedPost),
  offerReports: z.array(offerReport),
  /** Businesses with at least two "offer not honoured" reports in the last 30 days, most first. */
  repeated: z.array(z.object({ ...ofBusiness, reports: z.number() })),
  /** Listed businesses with at least 3 upheld reports in 90 days: the admin may pause them in one step (decision 191). */
  alerts: z.array(z.object({ ...ofBusiness, upheld: z.number() })),
});

/** GET /api/reviews/not-honoured: the member's reports, newest first, each with its state. */
export const myOfferReportsAnswer = z.object({ reports: z.array(offerReport) });
export type MyOfferReportsAnswer = z.infer<typeof myOfferReportsAnswer>;

/** POST /api/reviews/not-honoured/{id}/decision: the report as decided, and whether the business now needs a look. */
export const offerReportDecisionAnswer = z.object({
  report: offerReport,
  /** The business has 3 or more upheld reports in 90 days. */
  alert: z.boolean(),
});
export type OfferReportDecisionAnswer = z.infer<typeof offerReportDecisionAnswer>;
export type AdminReviewQueueAnswer = z.infer<typeof adminReviewQueueAnswer>;
