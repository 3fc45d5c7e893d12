// The merchant's counter: a member's pass or deal code with member number, points, undo within 5 minutes.
// The rules that must hold under concurrency live in SQL functions (migration 20261122002000).
import { Hono } from 'hono';
import {
  type CounterActivityItem, earnBody, MEMBER_NOT_RECOGNISED_MESSAGE, memberNumber, type PointsEntry, redeemBody, verifyCodeBody, verifyPassBody,
} from '../../../_shared/contract/counter.ts';
import { offlineCheckInstant } from '../../../_shared/offline-codes.ts';
import { type AppContext, type AppEnv, userTx } from '../../context.ts';
import type { Query } from '../../db/database.ts';
import { badRequest, conflict } from '../../lib/http-error.ts';
import { iso } from '../../lib/iso.ts';
import { serialParam } from '../../lib/params.ts';
import { parse, parseJson } from '../../lib/validate.ts';
import { COUNTER_ROLES, requireUser } from '../../middleware/session.ts';
import { matchDealCode, recordRedemption, undoUntil } from '../../domain/counter-redemptions.ts';
import { counterGuess, WrongGuess } from '../../domain/limiter.ts';
import { checkScannedPass, passVerificationKeys } from '../../domain/member-pass.ts';

export const counterRoutes = new Hono<AppEnv>();

export const CODE_NOT_RECOGNISED = 'Code not recognised. It may have expired: ask the member to refresh their deal.';

/** The moment a check happened: now, or when the counter checked offline (within the last 12 hours). */
function checkedAt(verifiedAt: string | undefined): { atMs: number; checkedAt: Date | null } {
  if (!verifiedAt) return { atMs: Date.now(), checkedAt: null };
  const checked = offlineCheckInstant(verifiedAt, Date.now());
  if ('refused' in checked) throw badRequest(checked.refused);
  return { atMs: checked.atMs, checkedAt: new Date(checked.atMs) };
}

/** POST /api/merchant/verify-code {code, memberNumber, dealId?, verifiedAt?}: the fallback without a camera. */
counterRoutes.post('/verify-code', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const body = await parseJson(c, verifyCodeBody);
  const at = checkedAt(body.verifiedAt);
  // A wrong code or member number counts toward the counter's limit; a right one does not (decision 168).
  const guess = await counterGuess(c);
  const redemption = await guess.run(() => userTx(c, async (q) => {
    const deal = await matchDealCode(q, body.code, body.dealId, at.atMs);
    if (deal === 'not-recognised') throw new WrongGuess(422, CODE_NOT_RECOGNISED);
    if (deal === 'ambiguous') throw conflict('This code matches more than one of your deals right now. Choose the deal and verify again.');
    const recorded = await recordRedemption(q, { dealId: deal.id, memberNumber: body.memberNumber, codeStep: deal.step, passStep: null, checkedAt: at.checkedAt });
    await guess.settleRightIn(q);
    return recorded;
  }));
  return c.json(redemption, 201);
});

/** POST /api/merchant/verify-pass {pass, dealId, verifiedAt?}: a member pass scanned at the counter (decision 165). */
counterRoutes.post('/verify-pass', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const body = await parseJson(c, verifyPassBody);
  const at = checkedAt(body.verifiedAt);
  // A pass that does not verify counts as a wrong guess (decision 168).
  const guess = await counterGuess(c);
  const redemption = await guess.run(async () => {
    const checked = await checkScannedPass(c.var.deps.db, body.pass, at.atMs);
    if (!checked.ok) throw new WrongGuess(422, checked.reason);
    return userTx(c, async (q) => {
      const recorded = await recordRedemption(q, {
        dealId: body.dealId, memberNumber: checked.pass.certificate.mn, codeStep: null, passStep: checked.pass.step,
        checkedAt: at.checkedAt,
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
  await userTx(c, (q) => q(`select private.counter_merchant()`)); // 403 unless the counter of an approved business
  return c.json(await passVerificationKeys(c.var.deps.db));
});

/** POST /api/merchant/redemptions/{id}/undo (within 5 minutes) */
counterRoutes.post('/redemptions/:id/undo', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const id = serialParam(c, 'id', 'No such redemption');
  const [row] = await userTx(c, (q) => q<{ id: string; deal_id: string; undone_at: Date; used_count: number; max_uses: number | null }>(
    `select id::text, deal_id, undone_at, used_count, max_uses from private.undo_deal_redemption($1)`, [id]));
  return c.json({ id: row.id, dealId: row.deal_id, undoneAt: iso(row.undone_at), usedCount: row.used_count, maxUses: row.max_uses });
});

/**
 * A call that names a member number (lookup, earn, redeem): an unusable number is a wrong guess on the counter's
 * limiter, like a wrong code, so numbers cannot be probed past it (decision 168).
 */
async function guessedMember<T>(c: AppContext, work: (q: Query) => Promise<T>): Promise<T> {
  const guess = await counterGuess(c);
  return guess.run(() => userTx(c, async (q) => {
    const result = await work(q);
    await guess.settleRightIn(q);
    return result;
  }));
}

type EntryRow = { entry_id: string; points: number; balance: number; created_at: Date; member_number: number };

const toPointsEntry = (row: EntryRow, kind: PointsEntry['kind']): PointsEntry => ({
  entryId: row.entry_id, kind, points: row.points, balance: row.balance, memberNumber: row.member_number,
  createdAt: iso(row.created_at), undoUntil: kind === 'reversal' ? null : undoUntil(row.created_at),
});

const entrySql = (fn: string) => `select entry_id::text, points, balance, created_at, member_number from ${fn}`;

/** POST /api/merchant/earn {memberNumber, amountCents}: floor(amountCents x rewardRateBps / 10000) points. */
counterRoutes.post('/earn', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const body = await parseJson(c, earnBody);
  const [row] = await guessedMember(c, (q) => q<EntryRow>(entrySql('private.earn_points($1, $2)'), [body.memberNumber, body.amountCents]));
  return c.json(toPointsEntry(row, 'accrual'), 201);
});

/** POST /api/merchant/redeem {memberNumber, points}: spends points; the balance never goes below zero. */
counterRoutes.post('/redeem', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const body = await parseJson(c, redeemBody);
  const [row] = await guessedMember(c, (q) => q<EntryRow>(entrySql('private.redeem_points($1, $2)'), [body.memberNumber, body.points]));
  return c.json(toPointsEntry(row, 'redemption'), 201);
});

/** POST /api/merchant/points/{id}/undo: a reversal entry for an accrual or redemption (within 5 minutes). */
counterRoutes.post('/points/:id/undo', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const id = serialParam(c, 'id', 'No such points entry');
  const [row] = await userTx(c, (q) => q<EntryRow>(entrySql('private.reverse_point_entry($1)'), [id]));
  return c.json(toPointsEntry(row, 'reversal'), 201);
});

/** GET /api/merchant/members/{memberNumber}: balance here and whether the membership is active. */
counterRoutes.get('/members/:memberNumber', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const member = parse(memberNumber, c.req.param('memberNumber'));
  const [row] = await guessedMember(c, (q) => q<{ member_number: number; balance: number; is_active_member: boolean }>(
    `select member_number, balance, is_active_member from private.counter_member($1)`, [member]));
  if (!row) throw new WrongGuess(404, MEMBER_NOT_RECOGNISED_MESSAGE);
  return c.json({ memberNumber: row.member_number, balance: row.balance, isActiveMember: row.is_active_member });
});

/** GET /api/merchant/counter/activity: the latest redemptions and points entries, for undo after a reload. */
counterRoutes.get('/counter/activity', async (c) => {
  requireUser(c, ...COUNTER_ROLES);
  const rows = await userTx(c, (q) => q<{
    type: CounterActivityItem['type']; id: string; deal_id: string | null; deal_title: string | null;
    member_number: number | null; points: number | null; purchase_amount_cents: number | null; created_at: Date; undone: boolean;
    member_first_name: string | null; acted_by: string | null; flag: CounterActivityItem['flag'];
  }>(`select * from private.counter_activity(20)`));
  const nowMs = Date.now();
  const items: CounterActivityItem[] = rows.map((r) => {
    const until = undoUntil(r.created_at);
    const undoable = r.type !== 'reversal' && !r.undone && new Date(until).getTime() > nowMs;
    return {
      type: r.type, id: r.id, dealId: r.deal_id, dealTitle: r.deal_title, memberNumber: r.member_number, points: r.points,
      purchaseAmountCents: r.purchase_amount_cents, createdAt: iso(r.created_at), undone: r.undone, undoUntil: undoable ? until : null,
      memberFirstName: r.member_first_name || null, actedBy: r.acted_by, flag: r.flag,
    };
  });
  return c.json(items);
});
