// The merchant's counter: a member's pass or deal code with member number, points, undo within 5 minutes.
// Routes parse, call the domain (counter.ts, whose rules are SQL functions) and answer.
import { Hono } from 'hono';
import { memberNumberInput } from '../../_shared/contract/common.ts';
import {
  counterActivityQuery, earnBody, MEMBER_NOT_RECOGNISED_MESSAGE, PERSONAL_CODE_REFUSED_MESSAGE, redeemBody, verifyCodeBody, verifyPassBody,
} from '../../_shared/contract/counter.ts';
import { offlineCheckInstant } from '../../_shared/offline-codes.ts';
import { type AppContext, type AppEnv, userTx, servicesOf } from '../http/context.ts';
import type { Query } from '../db/database.ts';
import { badRequest, conflict } from '../http/http-error.ts';
import { serialParam } from '../http/params.ts';
import { parse, parseJson, parseQuery } from '../http/validate.ts';
import { counterDeviceKeyOf, pairedDeviceHashOf } from '../http/session.ts';
import { COUNTER_ROLES, requireUser } from '../http/session.ts';
import { earnPoints, counterMember, redeemPoints, reversePointEntry } from './counter.ts';
import { assertCounter, counterActivity, matchDealCode, recordRedemption, undoRedemption } from './counter.ts';
import { isRuleRefusal, recordRefusal } from './counter.ts';
import { counterGuess, WrongGuess } from '../limits/index.ts';
import { checkScannedCode, passVerificationKeys, provePersonalCode } from '../member-pass/index.ts';

export const counterRoutes = new Hono<AppEnv>();

export const CODE_NOT_RECOGNISED = 'Code not recognised. It may have expired: ask the member to refresh their deal.';

/** The moment a check happened: now, or when the counter checked offline (within the last 12 hours). */
function checkedAt(verifiedAt: string | undefined): { atMs: number; checkedAt: Date | null } {
  if (!verifiedAt) return { atMs: Date.now(), checkedAt: null };
  const checked = offlineCheckInstant(verifiedAt, Date.now());
  if ('refused' in checked) throw badRequest(checked.refused);
  return { atMs: checked.atMs, checkedAt: new Date(checked.atMs) };
}

/**
 * The Pay Local promise (decision 191): an online check that the deal's rules refused (409) is kept with its
 * reason, so the member can name it in an "offer not honoured" report. The refusal rolled the check's transaction
 * back, so it is written after, in a transaction of its own (the SQL keeps it only for an identified active member).
 */
async function keepingRefusal<T>(
  c: AppContext, memberNumber: number, checkedAt: Date | null, check: (checking: (dealId: string) => void) => Promise<T>,
): Promise<T> {
  let dealId: string | null = null;
  try {
    return await check((id) => { dealId = id; });
  } catch (error) {
    const deal: string | null = dealId;
    if (checkedAt === null && deal && isRuleRefusal(error)) {
      // The refusal is the answer: a failure to keep it must not replace it.
      await userTx(c, (q) => recordRefusal(q, deal, memberNumber, error.message)).catch(() => undefined);
    }
    throw error;
  }
}

/**
 * POST /api/merchant/verify-code {code, memberNumber, personalCode, dealId?, verifiedAt?,
 * amountCents?}: the fallback without a
 * camera. The member's personal code proves them at the till (decision 190); without a valid one the number gets
 * the answer of an unknown number online (nothing recorded, nobody marked seen), and an offline entry is kept
 * flagged `unproven` with no name. Either way it is a wrong guess on the counter's limiter.
 */
counterRoutes.post('/verify-code', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const body = await parseJson(c, verifyCodeBody);
  const at = checkedAt(body.verifiedAt);
  const online = at.checkedAt === null;
  // A wrong code or member number counts toward the counter's limit; a right one does not (decision 168).
  const guess = await counterGuess(servicesOf(c), await counterDeviceKeyOf(c));
  const redemption = await guess.run(async () => {
    // Checked before the transaction (the secret is read as the service), the same work for every number.
    const proven = await provePersonalCode(servicesOf(c), body.memberNumber, body.personalCode, at.atMs, online);
    const check = (checking: (dealId: string) => void) => userTx(c, async (q) => {
      const deal = await matchDealCode(q, body.code, body.dealId, at.atMs);
      if (deal === 'not-recognised') throw new WrongGuess('unprocessable', CODE_NOT_RECOGNISED);
      if (deal === 'ambiguous') throw conflict('This code matches more than one of your deals right now. Choose the deal and verify again.');
      if (!proven && online) throw new WrongGuess('not-found', PERSONAL_CODE_REFUSED_MESSAGE);
      checking(deal.id);
      const recorded = await recordRedemption(q, {
        dealId: deal.id, memberNumber: body.memberNumber, codeStep: deal.step, passStep: null, checkedAt: at.checkedAt, proven,
        amountCents: body.amountCents, deviceHash: await pairedDeviceHashOf(c),
      });
      await (proven ? guess.settleRightIn(q) : guess.settleWrongIn(q));
      return recorded;
    });
    // Only a proven member's refusal is kept (decision 191): an unproven number answers exactly as an unknown one.
    return proven ? keepingRefusal(c, body.memberNumber, at.checkedAt, check) : check(() => {});
  });
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
    // An app pass or a Google Wallet pass's rotating code (decision 207).
    const checked = await checkScannedCode(servicesOf(c), body.pass, at.atMs, at.checkedAt === null);
    if (!checked.ok) throw new WrongGuess('unprocessable', checked.reason);
    return keepingRefusal(c, checked.memberNumber, at.checkedAt, (checking) => userTx(c, async (q) => {
      checking(body.dealId);
      const recorded = await recordRedemption(q, {
        dealId: body.dealId, memberNumber: checked.memberNumber, codeStep: null, passStep: checked.step,
        checkedAt: at.checkedAt, proven: true, amountCents: body.amountCents, deviceHash: await pairedDeviceHashOf(c),
      });
      await guess.settleRightIn(q);
      return recorded;
    }));
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

/**
 * POST /api/merchant/redeem {memberNumber, personalCode, points}: spends points; the balance never goes below
 * zero. Only with the member's personal code (decision 190): a number alone is refused as an unknown one is.
 */
counterRoutes.post('/redeem', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const body = await parseJson(c, redeemBody);
  const guess = await counterGuess(servicesOf(c), await counterDeviceKeyOf(c));
  const entry = await guess.run(async () => {
    if (!(await provePersonalCode(servicesOf(c), body.memberNumber, body.personalCode, Date.now(), true))) {
      throw new WrongGuess('not-found', PERSONAL_CODE_REFUSED_MESSAGE);
    }
    return userTx(c, async (q) => {
      const result = await redeemPoints(q, body.memberNumber, body.points);
      await guess.settleRightIn(q);
      return result;
    });
  });
  return c.json(entry, 201);
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
  const { locationId } = parseQuery(c, counterActivityQuery);
  return c.json(await userTx(c, (q) => counterActivity(q, Date.now(), locationId ?? null)));
});
