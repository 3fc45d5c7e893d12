// The merchant's counter: a member's pass or deal code with member number, points, undo within 5 minutes.
// Routes parse, call the domain (counter.ts, whose rules are SQL functions) and answer.
import { Hono } from 'hono';
import { memberNumberInput } from '../../_shared/contract/common.ts';
import {
  earnBody, MEMBER_NOT_RECOGNISED_MESSAGE, redeemBody, verifyCodeBody, verifyPassBody,
} from '../../_shared/contract/counter.ts';
import { offlineCheckInstant } from '../../_shared/offline-codes.ts';
import { type AppContext, type AppEnv, userTx, servicesOf } from '../http/context.ts';
import type { Query } from '../db/database.ts';
import { badRequest, conflict } from '../http/http-error.ts';
import { serialParam } from '../http/params.ts';
import { parse, parseJson } from '../http/validate.ts';
import { counterDeviceKeyOf } from '../http/session.ts';
import { COUNTER_ROLES, requireUser } from '../http/session.ts';
import { earnPoints, counterMember, redeemPoints, reversePointEntry } from './counter.ts';
import { assertCounter, counterActivity, matchDealCode, recordRedemption, undoRedemption } from './counter.ts';
import { counterGuess, WrongGuess } from '../limits/index.ts';
import { checkScannedPass, passVerificationKeys } from '../member-pass/index.ts';

export const counterRoutes = new Hono<AppEnv>();

export const CODE_NOT_RECOGNISED = 'Code not recognised. It may have expired: ask the member to refresh their deal.';

/** The moment a check happened: now, or when the counter checked offline (within the last 12 hours). */
function checkedAt(verifiedAt: string | undefined): { atMs: number; checkedAt: Date | null } {
  if (!verifiedAt) return { atMs: Date.now(), checkedAt: null };
  const checked = offlineCheckInstant(verifiedAt, Date.now());
  if ('refused' in checked) throw badRequest(checked.refused);
  return { atMs: checked.atMs, checkedAt: new Date(checked.atMs) };
}

/** POST /api/merchant/verify-code {code, memberNumber, dealId?, verifiedAt?, amountCents?}: the fallback without a camera. */
counterRoutes.post('/verify-code', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const body = await parseJson(c, verifyCodeBody);
  const at = checkedAt(body.verifiedAt);
  // A wrong code or member number counts toward the counter's limit; a right one does not (decision 168).
  const guess = await counterGuess(servicesOf(c), await counterDeviceKeyOf(c));
  const redemption = await guess.run(() => userTx(c, async (q) => {
    const deal = await matchDealCode(q, body.code, body.dealId, at.atMs);
    if (deal === 'not-recognised') throw new WrongGuess('unprocessable', CODE_NOT_RECOGNISED);
    if (deal === 'ambiguous') throw conflict('This code matches more than one of your deals right now. Choose the deal and verify again.');
    const recorded = await recordRedemption(q, { dealId: deal.id, memberNumber: body.memberNumber, codeStep: deal.step, passStep: null, checkedAt: at.checkedAt,
      amountCents: body.amountCents });
    await guess.settleRightIn(q);
    return recorded;
  }));
  return c.json(redemption, 201);
});

/** POST /api/merchant/verify-pass {pass, dealId, verifiedAt?, amountCents?}: a member pass scanned at the counter (decision 165). */
counterRoutes.post('/verify-pass', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const body = await parseJson(c, verifyPassBody);
  const at = checkedAt(body.verifiedAt);
  // A pass that does not verify counts as a wrong guess (decision 168).
  const guess = await counterGuess(servicesOf(c), await counterDeviceKeyOf(c));
  const redemption = await guess.run(async () => {
    const checked = await checkScannedPass(c.var.deps.db, body.pass, at.atMs);
    if (!checked.ok) throw new WrongGuess('unprocessable', checked.reason);
    return userTx(c, async (q) => {
      const recorded = await recordRedemption(q, {
        dealId: body.dealId, memberNumber: checked.pass.certificate.mn, codeStep: null, passStep: checked.pass.step,
        checkedAt: at.checkedAt, amountCents: body.amountCents,
      });
      await guess.settleRightIn(q);
      return recorded;
    });
  });
  return c.json(redemption, 201);
});

/** GET /api/merchant/pass-keys: the platform's public pass keys, for checking passes offline. */
counterRoutes.get('/pass-keys', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  await userTx(c, assertCounter);
  return c.json(await passVerificationKeys(c.var.deps.db));
});

/** POST /api/merchant/redemptions/{id}/undo (within 5 minutes) */
counterRoutes.post('/redemptions/:id/undo', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const id = serialParam(c, 'id', 'No such redemption');
  return c.json(await userTx(c, (q) => undoRedemption(q, id)));
});

/**
 * A call that names a member number (lookup, earn, redeem): an unusable number is a wrong guess on the counter's
 * limiter, like a wrong code, so numbers cannot be probed past it (decision 168).
 */
async function guessedMember<T>(c: AppContext, work: (q: Query) => Promise<T>): Promise<T> {
  const guess = await counterGuess(servicesOf(c), await counterDeviceKeyOf(c));
  return guess.run(() => userTx(c, async (q) => {
    const result = await work(q);
    await guess.settleRightIn(q);
    return result;
  }));
}

/** POST /api/merchant/earn {memberNumber, amountCents}: floor(amountCents x rewardRateBps / 10000) points. */
counterRoutes.post('/earn', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const body = await parseJson(c, earnBody);
  return c.json(await guessedMember(c, (q) => earnPoints(q, body.memberNumber, body.amountCents)), 201);
});

/** POST /api/merchant/redeem {memberNumber, points}: spends points; the balance never goes below zero. */
counterRoutes.post('/redeem', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const body = await parseJson(c, redeemBody);
  return c.json(await guessedMember(c, (q) => redeemPoints(q, body.memberNumber, body.points)), 201);
});

/** POST /api/merchant/points/{id}/undo: a reversal entry for an accrual or redemption (within 5 minutes). */
counterRoutes.post('/points/:id/undo', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const id = serialParam(c, 'id', 'No such points entry');
  return c.json(await userTx(c, (q) => reversePointEntry(q, id)), 201);
});

/** GET /api/merchant/members/{memberNumber}: balance here and whether the membership is active. */
const memberNumberParam = memberNumberInput();
counterRoutes.get('/members/:memberNumber', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const member = parse(memberNumberParam, c.req.param('memberNumber'));
  const found = await guessedMember(c, (q) => counterMember(q, member));
  if (!found) throw new WrongGuess('not-found', MEMBER_NOT_RECOGNISED_MESSAGE);
  return c.json(found);
});

/** GET /api/merchant/counter/activity: the latest redemptions and points entries, for undo after a reload. */
counterRoutes.get('/counter/activity', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  return c.json(await userTx(c, (q) => counterActivity(q, Date.now())));
});
