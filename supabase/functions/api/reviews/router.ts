import { Hono } from 'hono';
import {
  createReviewBody, editReviewBody, moderateReviewBody, offerNotHonouredBody, offerReportDecisionBody, offerReportReplyBody,
  pauseBusinessBody, replyBody, reportReviewBody,
} from '../../_shared/contract/reviews.ts';
import { type AppContext, type AppEnv, userTx, servicesOf } from '../http/context.ts';
import {
  adminReviewQueue, businessReviews, countReviewWrite, createReview, editReview, merchantReviews, moderateReview,
  myOfferReports, replyToOfferReport, replyToReview, reportNotHonoured, reportReview,
} from './reviews.ts';
import { decideOfferReport, pauseReportedBusiness } from './promise.ts';
import { serialParam, uuidParam } from '../http/params.ts';
import { parseJson } from '../http/validate.ts';
import { requireAdmin, requireUser } from '../http/session.ts';
import type { Role } from '../../_shared/constants.ts';

/** /api/reviews: ratings and comments of businesses, reports, replies, moderation, "offer not honoured" (decision 183). */
export const reviewRoutes = new Hono<AppEnv>();

/** The caller may write (role), and has a place left on the limiter. */
async function writer(c: AppContext, ...roles: Role[]) {
  const user = roles.length === 1 && roles[0] === 'ADMIN' ? requireAdmin(c) : requireUser(c, ...roles);
  await countReviewWrite(servicesOf(c), user.id);
  return user;
}

/** GET /api/reviews/business/:merchantId: any signed-in user. */
reviewRoutes.get('/business/:merchantId', async (c) => {
  requireUser(c);
  const merchantId = uuidParam(c, 'merchantId', 'Business not found');
  return c.json(await userTx(c, (q) => businessReviews(q, merchantId)));
});

/** POST /api/reviews {merchantId, rating, comment?}: a member, after a redemption there. */
reviewRoutes.post('/', async (c) => {
  await writer(c, 'USER');
  const body = await parseJson(c, createReviewBody);
  return c.json(await userTx(c, (q) => createReview(q, body.merchantId, body.rating, body.comment)), 201);
});

/** PATCH /api/reviews/:id {rating, comment?}: the author, within 7 days. */
reviewRoutes.patch('/:id', async (c) => {
  const id = serialParam(c, 'id', 'Review not found');
  await writer(c, 'USER');
  const body = await parseJson(c, editReviewBody);
  return c.json(await userTx(c, (q) => editReview(q, id, body.rating, body.comment)));
});

/** POST /api/reviews/:id/reply {reply}: the business's owner, once. */
reviewRoutes.post('/:id/reply', async (c) => {
  const id = serialParam(c, 'id', 'Review not found');
  await writer(c, 'MERCHANT');
  const body = await parseJson(c, replyBody);
  return c.json(await userTx(c, (q) => replyToReview(q, id, body.reply)));
});

/** POST /api/reviews/:id/report {reason?}: anyone signed in, once per review. */
reviewRoutes.post('/:id/report', async (c) => {
  const id = serialParam(c, 'id', 'Review not found');
  await writer(c);
  const body = await parseJson(c, reportReviewBody);
  await userTx(c, (q) => reportReview(q, id, body.reason));
  return c.json({ reported: true }, 201);
});

/** POST /api/reviews/:id/hide and /restore {reason?}: the admin; recorded in admin_audit_log. */
for (const [action, hide] of [['hide', true], ['restore', false]] as const) {
  reviewRoutes.post(`/:id/${action}`, async (c) => {
    const id = serialParam(c, 'id', 'Review not found');
    await writer(c, 'ADMIN');
    const body = await parseJson(c, moderateReviewBody);
    return c.json(await userTx(c, (q) => moderateReview(q, id, hide, body.reason)));
  });
}

/** POST /api/reviews/not-honoured {merchantId, redemptionId? | refusalId?, note?}: a member, about the visit they pick. */
reviewRoutes.post('/not-honoured', async (c) => {
  await writer(c, 'USER');
  const body = await parseJson(c, offerNotHonouredBody);
  return c.json(await userTx(c, (q) => reportNotHonoured(q, body.merchantId, body.note, body.redemptionId, body.refusalId)), 201);
});

/** GET /api/reviews/not-honoured: the member's reports, each with its state (decision 191). */
reviewRoutes.get('/not-honoured', async (c) => {
  requireUser(c, 'USER');
  return c.json(await userTx(c, myOfferReports));
});

/** POST /api/reviews/not-honoured/{id}/reply {reply}: the business's owner, once, within 72 hours. */
reviewRoutes.post('/not-honoured/:id/reply', async (c) => {
  const id = serialParam(c, 'id', 'Report not found');
  await writer(c, 'MERCHANT');
  const body = await parseJson(c, offerReportReplyBody);
  return c.json(await userTx(c, (q) => replyToOfferReport(q, id, body.reply)));
});

/** POST /api/reviews/not-honoured/{id}/decision {upheld, note?}: the admin, once; upheld gives the member credit. */
reviewRoutes.post('/not-honoured/:id/decision', async (c) => {
  const id = serialParam(c, 'id', 'Report not found');
  await writer(c, 'ADMIN');
  const body = await parseJson(c, offerReportDecisionBody);
  return c.json(await decideOfferReport(servicesOf(c), id, body.upheld, body.note));
});

/** POST /api/reviews/not-honoured/business/{merchantId}/pause {reason?}: the admin pauses a business; its owner is mailed. */
reviewRoutes.post('/not-honoured/business/:merchantId/pause', async (c) => {
  const merchantId = uuidParam(c, 'merchantId', 'Business not found');
  await writer(c, 'ADMIN');
  const body = await parseJson(c, pauseBusinessBody);
  return c.json(await pauseReportedBusiness(servicesOf(c), merchantId, body.reason));
});

/** GET /api/reviews/merchant: the owner's reviews and "offer not honoured" reports. */
reviewRoutes.get('/merchant', async (c) => {
  requireUser(c, 'MERCHANT');
  return c.json(await userTx(c, (q) => merchantReviews(q)));
});

/** GET /api/reviews/admin: the admin's queue. */
reviewRoutes.get('/admin', async (c) => {
  requireAdmin(c);
  return c.json(await userTx(c, (q) => adminReviewQueue(q)));
});
