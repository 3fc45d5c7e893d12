// Points at the counter (decision 023): earn, redeem and reverse, each one SQL function that keeps the balance
// from going below zero; a member number only for members seen at this business (decision 165).
import type { PointsEntry } from '../../_shared/contract/counter.ts';
import type { Query } from '../db/database.ts';
import { iso } from '../db/iso.ts';
import { undoUntil } from './redemptions.ts';

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
