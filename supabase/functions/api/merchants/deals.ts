// A business's own deals, as its merchant (and its counter staff) manage them: list, create, change, and
// deactivate or delete. SQL as the caller: RLS and private.my_merchant_id() keep others' deals out of reach.
import type { z } from 'zod';
import type { createDealBody, DeleteDealAnswer, MerchantDeal, updateDealBody } from '../../_shared/contract/deals.ts';
import { dealRuleViolation } from '../../_shared/deal-rules.ts';
import type { Role } from '../../_shared/constants.ts';
import type { Query } from '../db/database.ts';
import { currentCodes, counterLiveDealRows, dealColumns, type DealRow, toMerchantDeal } from '../deals/index.ts';
import { DomainError } from '../domain-error.ts';
import { NO_MERCHANT_PROFILE } from './profile.ts';
import { ownMerchant } from './merchant-view.ts';

const DEAL_NOT_FOUND = 'Deal not found';

/** Dates go to either driver as ISO text, offer rules as JSON text (cast to jsonb in the statement). */
const sqlValue = (value: unknown) =>
  (value instanceof Date ? value.toISOString() : value !== null && typeof value === 'object' ? JSON.stringify(value) : value);

/** Merchant views of deal rows, with codes when the business is approved and the deal is live. */
async function viewsOf(q: Query, rows: DealRow[]): Promise<MerchantDeal[]> {
  const nowMs = Date.now();
  const codes = await currentCodes(q, rows.map((r) => r.id), nowMs);
  return rows.map((row) => toMerchantDeal(row, codes.get(row.id)));
}

/** The caller's own deal (locked for the rest of the transaction), or 404: others' deals are never theirs to touch. */
async function ownDealForUpdate(q: Query, id: string): Promise<DealRow> {
  const [row] = await q<DealRow>(
    `select ${dealColumns} from public.deals d
      where d.id = $1 and d.merchant_id = (select private.my_merchant_id()) for update`,
    [id],
  );
  if (!row) throw new DomainError('not-found', DEAL_NOT_FOUND);
  return row;
}

/**
 * Limits the deal to these locations of its business (issue 40), replacing its limits; none = every location.
 * Ids not of the caller's business are refused in words before RLS or the same-business trigger would.
 */
async function limitToLocations(q: Query, dealId: string, locationIds: string[]): Promise<void> {
  if (locationIds.length > 0) {
    const [{ known }] = await q<{ known: number }>(
      `select count(*)::int as known from public.business_locations l
        where l.id = any($1::uuid[]) and l.merchant_id = (select private.my_merchant_id())`, [locationIds]);
    if (known !== locationIds.length) throw new DomainError('invalid', 'The locations must be locations of your business');
  }
  await q(`delete from public.deal_locations dl where dl.deal_id = $1`, [dealId]);
  if (locationIds.length > 0) {
    await q(`insert into public.deal_locations (deal_id, location_id) select $1, unnest($2::uuid[])`, [dealId, locationIds]);
  }
}

/** The deals a counter role sees: staff the live deals of their counter's business (decision 166), the merchant all of theirs. */
export async function counterDeals(q: Query, role: Role): Promise<MerchantDeal[]> {
  if (role === 'STAFF') return viewsOf(q, await counterLiveDealRows(q));
  if (!(await ownMerchant(q))) throw new DomainError('not-found', NO_MERCHANT_PROFILE);
  const rows = await q<DealRow>(
    `select ${dealColumns} from public.deals d
      where d.merchant_id = (select private.my_merchant_id())
      order by d.created_at desc, d.id`,
  );
  return viewsOf(q, rows);
}

/** A new deal of the caller's business, which must be approved. */
export async function createDeal(q: Query, body: z.output<typeof createDealBody>): Promise<MerchantDeal> {
  const merchant = await ownMerchant(q);
  if (!merchant) throw new DomainError('not-found', NO_MERCHANT_PROFILE);
  if (!merchant.active) throw new DomainError('forbidden', 'Your business must be approved before you can create deals');
  const [created] = await q<{ id: string }>(
    `insert into public.deals as d (merchant_id, title, description, discount_percent, discount_amount_cents,
                               category, active, valid_from, valid_to, max_uses, per_member_limit, rules)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::text::jsonb)
     returning d.id`,
    [merchant.id, body.title, body.description, body.discountPercent, body.discountAmount, body.category,
      body.active, sqlValue(body.validFrom), sqlValue(body.validTo), body.maxUses, body.perMemberLimit, sqlValue(body.rules)],
  );
  await limitToLocations(q, created.id, body.locationIds);
  const rows = await q<DealRow>(`select ${dealColumns} from public.deals d where d.id = $1`, [created.id]);
  const [deal] = await viewsOf(q, rows);
  return deal;
}

/** Body field -> column, for the fields a PATCH may change. */
const patchColumns = {
  title: 'title',
  description: 'description',
  discountPercent: 'discount_percent',
  discountAmount: 'discount_amount_cents',
  category: 'category',
  maxUses: 'max_uses',
  perMemberLimit: 'per_member_limit',
  validFrom: 'valid_from',
  validTo: 'valid_to',
  active: 'active',
  rules: 'rules',
} as const;

/** Changes the given fields of the caller's own deal; the deal as merged must still keep the deal rules. */
export async function updateDeal(q: Query, id: string, patch: z.output<typeof updateDealBody>): Promise<MerchantDeal> {
  const current = await ownDealForUpdate(q, id);
  const merged = {
    discountPercent: patch.discountPercent !== undefined ? patch.discountPercent : current.discount_percent,
    discountAmount: patch.discountAmount !== undefined ? patch.discountAmount : current.discount_amount_cents,
    validFrom: patch.validFrom !== undefined ? patch.validFrom : current.valid_from ? new Date(current.valid_from) : null,
    validTo: patch.validTo !== undefined ? patch.validTo : current.valid_to ? new Date(current.valid_to) : null,
    maxUses: patch.maxUses !== undefined ? patch.maxUses : current.max_uses,
    usedCount: current.used_count,
  };
  const violation = dealRuleViolation(merged);
  if (violation) throw new DomainError('invalid', violation);

  // Before the update: its RETURNING reads the deal's locations as they now are.
  if (patch.locationIds !== undefined) await limitToLocations(q, id, patch.locationIds);
  const fields = (Object.keys(patchColumns) as (keyof typeof patchColumns)[]).filter((f) => patch[f] !== undefined);
  // Locations alone still mark the deal changed (updated_at).
  const assignments = fields.length > 0
    ? fields.map((f, i) => `${patchColumns[f]} = $${i + 2}${f === 'rules' ? '::text::jsonb' : ''}`).join(', ')
    : 'title = d.title';
  const rows = await q<DealRow>(
    `update public.deals d set ${assignments} where d.id = $1 returning ${dealColumns}`,
    [id, ...fields.map((f) => sqlValue(patch[f]))],
  );
  const [deal] = await viewsOf(q, rows);
  return deal;
}

/** Deactivates the caller's own deal, or removes it for good when `permanent` (decision 020). */
export async function removeDeal(q: Query, id: string, permanent: boolean): Promise<DeleteDealAnswer> {
  await ownDealForUpdate(q, id);
  if (permanent) {
    await q(`delete from public.deals d where d.id = $1`, [id]);
    return { id, deleted: true, deal: null };
  }
  const rows = await q<DealRow>(`update public.deals d set active = false where d.id = $1 returning ${dealColumns}`, [id]);
  const [deal] = await viewsOf(q, rows);
  return { id, deleted: false, deal };
}
