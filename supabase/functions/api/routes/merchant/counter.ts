// The merchant's counter: verify a member's deal code, record points, undo within 5 minutes.
// The rules that must hold under concurrency live in SQL functions (migration 20261122002000).
import { Hono } from 'hono';
import {
  COUNTER_UNDO_MINUTES, type CounterActivityItem, type DealRedemption, earnBody, memberNumber, type PointsEntry,
  redeemBody, verifyCodeBody,
} from '../../../_shared/contract/counter.ts';
import { OFFLINE_NEEDS_MEMBER_MESSAGE, offlineCheckInstant } from '../../../_shared/offline-codes.ts';
import { type AppEnv, userTx } from '../../context.ts';
import type { Query } from '../../db/database.ts';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error.ts';
import { iso } from '../../lib/iso.ts';
import { serialParam } from '../../lib/params.ts';
import { parse, parseJson } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/session.ts';
import { codeSecrets, matchDealCodeStep } from '../../domain/deal-codes.ts';

export const counterRoutes = new Hono<AppEnv>();

export const CODE_NOT_RECOGNISED = 'Code not recognised. It may have expired: ask the member to refresh their deal.';

const undoUntil = (createdAt: unknown) => new Date(new Date(createdAt as string).getTime() + COUNTER_UNDO_MINUTES * 60_000).toISOString();

/** Which of the caller's live deals a code belongs to, and for which step (current before previous). */
async function matchDeal(q: Query, code: string, dealId: string | undefined, nowMs: number) {
  const deals = await q<{ id: string; title: string }>(
    `select d.id, d.title from public.deals d
      where d.merchant_id = (select private.my_merchant_id(true)) and public.deal_is_live(d.active, d.valid_from, d.valid_to)
        and ($1::uuid is null or d.id = $1::uuid)`,
    [dealId ?? null],
  );
  const secrets = await codeSecrets(q, deals.map((d) => d.id));
  const matches: { id: string; title: string; step: number }[] = [];
  for (const deal of deals) {
    const secret = secrets.get(deal.id);
    const step = secret ? await matchDealCodeStep(deal.id, secret, code, nowMs) : null;
    if (step !== null) matches.push({ ...deal, step });
  }
  if (matches.length === 0) throw new HttpError(422, CODE_NOT_RECOGNISED);
  const newestStep = Math.max(...matches.map((m) => m.step));
  const best = matches.filter((m) => m.step === newestStep);
  if (best.length > 1) throw conflict('This code matches more than one of your deals right now. Choose the deal and verify again.');
  return best[0];
}

/** POST /api/merchant/verify-code {code, memberNumber?, dealId?} */
counterRoutes.post('/verify-code', async (c) => {
  requireUser(c, 'MERCHANT');
  const body = await parseJson(c, verifyCodeBody);
  // Checked offline and queued (decision 060): match the code at the moment the counter checked it, at most
  // 12 hours back and not in the future; only against a member, so each (member, deal, step) counts once
  // (the unique index deal_redemptions_once_per_step_key; decision 087).
  if (body.verifiedAt && !body.memberNumber) throw badRequest(`memberNumber is required with verifiedAt. ${OFFLINE_NEEDS_MEMBER_MESSAGE}`);
  const checked = body.verifiedAt ? offlineCheckInstant(body.verifiedAt, Date.now()) : { atMs: Date.now() };
  if ('refused' in checked) throw badRequest(checked.refused);
  const redemption = await userTx(c, async (q): Promise<DealRedemption> => {
    await q(`select private.counter_merchant()`); // 403 unless an approved business
    const deal = await matchDeal(q, body.code, body.dealId, checked.atMs);
    const [row] = await q<{ id: string; deal_id: string; member_number: number | null; code_step: number; created_at: Date; used_count: number; max_uses: number | null }>(
      `select id::text, deal_id, member_number, code_step::int as code_step, created_at, used_count, max_uses
         from private.record_deal_redemption($1, $2, $3)`,
      [deal.id, deal.step, body.memberNumber ?? null],
    );
    return {
      id: row.id, dealId: row.deal_id, dealTitle: deal.title, memberNumber: row.member_number, codeStep: row.code_step,
      createdAt: iso(row.created_at), undoUntil: undoUntil(row.created_at), usedCount: row.used_count, maxUses: row.max_uses,
    };
  });
  return c.json(redemption, 201);
});

/** POST /api/merchant/redemptions/{id}/undo (within 5 minutes) */
counterRoutes.post('/redemptions/:id/undo', async (c) => {
  requireUser(c, 'MERCHANT');
  const id = serialParam(c, 'id', 'No such redemption');
  const [row] = await userTx(c, (q) => q<{ id: string; deal_id: string; undone_at: Date; used_count: number; max_uses: number | null }>(
    `select id::text, deal_id, undone_at, used_count, max_uses from private.undo_deal_redemption($1)`, [id]));
  return c.json({ id: row.id, dealId: row.deal_id, undoneAt: iso(row.undone_at), usedCount: row.used_count, maxUses: row.max_uses });
});

type EntryRow = { entry_id: string; points: number; balance: number; created_at: Date; member_number: number };

const toPointsEntry = (row: EntryRow, kind: PointsEntry['kind']): PointsEntry => ({
  entryId: row.entry_id, kind, points: row.points, balance: row.balance, memberNumber: row.member_number,
  createdAt: iso(row.created_at), undoUntil: kind === 'reversal' ? null : undoUntil(row.created_at),
});

const entrySql = (fn: string) => `select entry_id::text, points, balance, created_at, member_number from ${fn}`;

/** POST /api/merchant/earn {memberNumber, amountCents}: floor(amountCents x rewardRateBps / 10000) points. */
counterRoutes.post('/earn', async (c) => {
  requireUser(c, 'MERCHANT');
  const body = await parseJson(c, earnBody);
  const [row] = await userTx(c, (q) => q<EntryRow>(entrySql('private.earn_points($1, $2)'), [body.memberNumber, body.amountCents]));
  return c.json(toPointsEntry(row, 'accrual'), 201);
});

/** POST /api/merchant/redeem {memberNumber, points}: spends points; the balance never goes below zero. */
counterRoutes.post('/redeem', async (c) => {
  requireUser(c, 'MERCHANT');
  const body = await parseJson(c, redeemBody);
  const [row] = await userTx(c, (q) => q<EntryRow>(entrySql('private.redeem_points($1, $2)'), [body.memberNumber, body.points]));
  return c.json(toPointsEntry(row, 'redemption'), 201);
});

/** POST /api/merchant/points/{id}/undo: a reversal entry for an accrual or redemption (within 5 minutes). */
counterRoutes.post('/points/:id/undo', async (c) => {
  requireUser(c, 'MERCHANT');
  const id = serialParam(c, 'id', 'No such points entry');
  const [row] = await userTx(c, (q) => q<EntryRow>(entrySql('private.reverse_point_entry($1)'), [id]));
  return c.json(toPointsEntry(row, 'reversal'), 201);
});

/** GET /api/merchant/members/{memberNumber}: balance here and whether the membership is active. */
counterRoutes.get('/members/:memberNumber', async (c) => {
  requireUser(c, 'MERCHANT');
  const member = parse(memberNumber, c.req.param('memberNumber'));
  const [row] = await userTx(c, (q) => q<{ member_number: number; balance: number; is_active_member: boolean }>(
    `select member_number, balance, is_active_member from private.counter_member($1)`, [member]));
  if (!row) throw notFound('No such member');
  return c.json({ memberNumber: row.member_number, balance: row.balance, isActiveMember: row.is_active_member });
});

/** GET /api/merchant/counter/activity: the latest redemptions and points entries, for undo after a reload. */
counterRoutes.get('/counter/activity', async (c) => {
  requireUser(c, 'MERCHANT');
  const rows = await userTx(c, (q) => q<{
    type: CounterActivityItem['type']; id: string; deal_id: string | null; deal_title: string | null;
    member_number: number | null; points: number | null; purchase_amount_cents: number | null; created_at: Date; undone: boolean;
  }>(`select * from private.counter_activity(20)`));
  const nowMs = Date.now();
  const items: CounterActivityItem[] = rows.map((r) => {
    const until = undoUntil(r.created_at);
    const undoable = r.type !== 'reversal' && !r.undone && new Date(until).getTime() > nowMs;
    return {
      type: r.type, id: r.id, dealId: r.deal_id, dealTitle: r.deal_title, memberNumber: r.member_number, points: r.points,
      purchaseAmountCents: r.purchase_amount_cents, createdAt: iso(r.created_at), undone: r.undone, undoUntil: undoable ? until : null,
    };
  });
  return c.json(items);
});
