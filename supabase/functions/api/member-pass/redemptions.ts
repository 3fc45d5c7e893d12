// The member's own redemption history (issue 26): private.member_redemptions reads only the caller's rows
// (auth.uid()), newest first, by a (used_at, id) cursor.
import type { MemberRedemptionsAnswer } from '../../_shared/contract/member-redemptions.ts';
import { type Query, iso } from '../db/database.ts';

type Row = { id: string; business_name: string; deal_title: string; used_at: Date; used_at_us: string; undone: boolean };

/** A page of the caller's redemptions before `before` ("<used_at in µs>.<id>", from the previous page). */
export async function memberRedemptions(q: Query, before: string | undefined, limit: number): Promise<MemberRedemptionsAnswer> {
  const [beforeUs, beforeId] = before ? before.split('.') : [null, null];
  // One more than asked tells whether there is a next page.
  const rows = await q<Row>(
    `select id::text, business_name, deal_title, used_at, used_at_us::text, undone
       from private.member_redemptions($1::bigint, $2::bigint, $3)`,
    [beforeUs, beforeId, Math.min(limit + 1, 50)],
  );
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map((r) => ({ id: r.id, businessName: r.business_name, dealTitle: r.deal_title, usedAt: iso(r.used_at), undone: r.undone })),
    nextCursor: rows.length > limit && last ? `${last.used_at_us}.${last.id}` : null,
  };
}
