// The counter (decisions 023, 165): which deal a typed code belongs to, the one redemption rule
// (private.record_deal_redemption) for a code with a member number or a verified member pass, and points.
import { type CounterActivityItem, type DealRedemption, type RedemptionFlag, COUNTER_UNDO_MINUTES, type PointsEntry } from '../../_shared/contract/counter.ts';
import { type Query, iso } from '../db/database.ts';
import { codeSecrets, matchDealCodeStep, rulesOf } from '../deals/index.ts';
import type { PerMemberLimit } from '../../_shared/constants.ts';
import type { OfferRules } from '../../_shared/offer-rules.ts';
import { firstNameOf } from '../member-pass/index.ts';

export const undoUntil = (createdAt: unknown) =>
  new Date(new Date(createdAt as string).getTime() + COUNTER_UNDO_MINUTES * 60_000).toISOString();

export type DealMatch = { id: string; title: string; step: number } | 'not-recognised' | 'ambiguous';

/** Which of the caller's live deals a code belongs to at `atMs`, and for which step (current before previous). */
export async function matchDealCode(q: Query, code: string, dealId: string | undefined, atMs: number): Promise<DealMatch> {
  await q(`select private.counter_merchant()`); // PL403 unless the counter of an approved business
  const deals = await q<{ id: string; title: string }>(
    `select d.id, d.title from public.deals d
      where d.merchant_id = (select (private.counter_merchant()).id) and public.deal_is_live(d.active, d.valid_from, d.valid_to)
        and ($1::uuid is null or d.id = $1::uuid)`,
    [dealId ?? null],
  );
  const secrets = await codeSecrets(q, deals.map((d) => d.id));
  const matches: { id: string; title: string; step: number }[] = [];
  for (const deal of deals) {
    const secret = secrets.get(deal.id);
    const step = secret ? await matchDealCodeStep(deal.id, secret, code, atMs) : null;
    if (step !== null) matches.push({ ...deal, step });
  }
  if (matches.length === 0) return 'not-recognised';
  const newestStep = Math.max(...matches.map((m) => m.step));
  const best = matches.filter((m) => m.step === newestStep);
  return best.length > 1 ? 'ambiguous' : best[0];
}

export interface RedemptionClaim {
  dealId: string;
  memberNumber: number;
  /** Exactly one of the two: the deal code's step, or the member pass's step. */
  codeStep: number | null;
  passStep: number | null;
  /** When a counter checked it offline; null for a check made now. */
  checkedAt: Date | null;
  /** A pass, or a typed code with the member's valid personal code (decision 190); false: an unproven entry. */
  proven: boolean;
  /** The purchase amount the counter entered (required by a deal with a minimum spend). */
  amountCents?: number | null;
  /** The paired tablet's token hash: the redemption counts at its location (issue 40); null: the first location. */
  deviceHash?: string | null;
}

type RedemptionRow = {
  id: string; deal_id: string; deal_title: string; member_number: number; member_name: string | null; member_picture: string | null;
  code_step: number | null; pass_step: number | null; created_at: Date; used_at: Date; used_count: number;
  max_uses: number | null; flag: RedemptionFlag | null; rules: Partial<OfferRules> | string | null; per_member_limit: PerMemberLimit;
};

/** Records a redemption by the one SQL rule; refusals come back as PLnnn errors with the merchant's words. */
export async function recordRedemption(q: Query, claim: RedemptionClaim): Promise<DealRedemption> {
  const [row] = await q<RedemptionRow>(
    `select id::text, deal_id, deal_title, member_number, member_name, member_picture, code_step::int as code_step,
            pass_step::int as pass_step, created_at, used_at, used_count, max_uses, flag, rules, per_member_limit
       from private.record_deal_redemption($1, $2, $3, $4, $5, p_proven => $6, p_amount_cents => $7, p_device_hash => $8)`,
    [claim.dealId, claim.memberNumber, claim.codeStep, claim.passStep, claim.checkedAt?.toISOString() ?? null, claim.proven,
      claim.amountCents ?? null, claim.deviceHash ?? null],
  );
  return {
    id: row.id, dealId: row.deal_id, dealTitle: row.deal_title, memberNumber: row.member_number,
    // An unproven entry names nobody: the same answer whatever the number (decision 190).
    member: row.member_name === null ? null : { firstName: firstNameOf(row.member_name), pictureUrl: row.member_picture },
    codeStep: row.code_step, passStep: row.pass_step, createdAt: iso(row.created_at), usedAt: iso(row.used_at),
    undoUntil: undoUntil(row.created_at), usedCount: row.used_count, maxUses: row.max_uses, flag: row.flag,
    // The rules sentence for the result panel, from the deal the redemption rule read.
    rulesText: rulesOf(row).rulesText, amountCents: claim.amountCents ?? null,
  };
}

/** PL403 unless the caller is the counter (owner or staff) of an approved business. */
export async function assertCounter(q: Query): Promise<void> {
  await q(`select private.counter_merchant()`);
}

/** Undoes a redemption of the caller's business within 5 minutes (a flagged one frees no use: it counted none). */
export async function undoRedemption(q: Query, id: string) {
  const [row] = await q<{ id: string; deal_id: string; undone_at: Date; used_count: number; max_uses: number | null }>(
    `select id::text, deal_id, undone_at, used_count, max_uses from private.undo_deal_redemption($1)`, [id]);
  return { id: row.id, dealId: row.deal_id, undoneAt: iso(row.undone_at), usedCount: row.used_count, maxUses: row.max_uses };
}

/**
 * The counter's latest 20 redemptions and points entries, with who acted, what was flagged and where (issue 40),
 * for undo after a reload; with a location, only the redemptions there.
 */
export async function counterActivity(q: Query, nowMs: number, locationId: string | null = null): Promise<CounterActivityItem[]> {
  const rows = await q<{
    type: CounterActivityItem['type']; id: string; deal_id: string | null; deal_title: string | null;
    member_number: number | null; points: number | null; purchase_amount_cents: number | null; created_at: Date; undone: boolean;
    member_first_name: string | null; acted_by: string | null; flag: CounterActivityItem['flag'];
    location_id: string | null; location_name: string | null;
  }>(`select * from private.counter_activity(20, $1)`, [locationId]);
  return rows.map((r) => {
    const until = undoUntil(r.created_at);
    const undoable = r.type !== 'reversal' && !r.undone && new Date(until).getTime() > nowMs;
    return {
      type: r.type, id: r.id, dealId: r.deal_id, dealTitle: r.deal_title, memberNumber: r.member_number, points: r.points,
      purchaseAmountCents: r.purchase_amount_cents, createdAt: iso(r.created_at), undone: r.undone, undoUntil: undoable ? until : null,
      memberFirstName: r.member_first_name || null, actedBy: r.acted_by, flag: r.flag,
      locationId: r.location_id, locationName: r.location_name,
    };
  });
}

// ---------------------------------------------------------------- points
// Points at the counter (decision 023): earn, redeem and reverse, each one SQL function that keeps the balance
// from going below zero; a member number only for members seen at this business (decision 165).
type EntryRow = { entry_id: string; points: number; balance: number; created_at: Date; member_number: number };

const toPointsEntry = (row: EntryRow, kind: PointsEntry['kind']): PointsEntry => ({
  entryId: row.entry_id, kind, points: row.points, balance: row.balance, memberNumber: row.member_number,
  createdAt: iso(row.created_at), undoUntil: kind === 'reversal' ? null : undoUntil(row.created_at),
});

const entrySql = (fn: string) => `select entry_id::text, points, balance, created_at, member_number from ${fn}`;

/** floor(amountCents x rewardRateBps / 10000) points for a purchase. */
export async function earnPoints(q: Query, memberNumber: number, amountCents: number): Promise<PointsEntry> {
  const [row] = await q<EntryRow>(entrySql('private.earn_points($1, $2)'), [memberNumber, amountCents]);
  return toPointsEntry(row, 'accrual');
}

/** Spends points; the balance never goes below zero. */
export async function redeemPoints(q: Query, memberNumber: number, points: number): Promise<PointsEntry> {
  const [row] = await q<EntryRow>(entrySql('private.redeem_points($1, $2)'), [memberNumber, points]);
  return toPointsEntry(row, 'redemption');
}

/** A reversal entry for an accrual or redemption, within 5 minutes. */
export async function reversePointEntry(q: Query, id: string): Promise<PointsEntry> {
  const [row] = await q<EntryRow>(entrySql('private.reverse_point_entry($1)'), [id]);
  return toPointsEntry(row, 'reversal');
}

/** A member's balance here and whether the membership is active; null for a number this counter may not use. */
export async function counterMember(q: Query, memberNumber: number) {
  const [row] = await q<{ member_number: number; balance: number; is_active_member: boolean }>(
    `select member_number, balance, is_active_member from private.counter_member($1)`, [memberNumber]);
  return row ? { memberNumber: row.member_number, balance: row.balance, isActiveMember: row.is_active_member } : null;
}

/**
 * Keeps a check the counter refused (decision 191), so the member can name it in an "offer not honoured" report.
 * The refusal was raised inside the check's transaction, which rolled back: this is its own statement, after.
 * The SQL records it only for an active member of the caller's deal (an unknown number stays unnamed).
 */
export async function recordRefusal(q: Query, dealId: string, memberNumber: number, reason: string): Promise<void> {
  await q(`select private.record_counter_refusal($1, $2, $3)`, [dealId, memberNumber, reason]);
}

/** A refusal worth keeping: the deal's rules said no (409) for a member the check identified. */
export function isRuleRefusal(error: unknown): error is { message: string } {
  const e = error as { code?: unknown; status?: unknown; message?: unknown } | null;
  return (e?.code === 'PL409' || e?.status === 409) && typeof e.message === 'string';
}
