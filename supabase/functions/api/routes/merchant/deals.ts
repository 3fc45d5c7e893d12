import { Hono } from 'hono';
import { createDealBody, deleteDealQuery, updateDealBody } from '../../../_shared/contract/deals.ts';
import { dealRuleViolation } from '../../../_shared/deal-rules.ts';
import { type AppEnv, userTx } from '../../context.ts';
import type { Query } from '../../db/database.ts';
import { badRequest, forbidden, notFound } from '../../lib/http-error.ts';
import { uuidParam } from '../../lib/params.ts';
import { parseJson, parseQuery } from '../../lib/validate.ts';
import { COUNTER_ROLES, requireUser } from '../../middleware/session.ts';
import { currentCodes } from '../../domain/deal-codes.ts';
import { counterLiveDealRows, dealColumns, type DealRow, toMerchantDeal } from '../../domain/deal-views.ts';
import { ownMerchant } from '../../domain/merchant-view.ts';
import { NO_MERCHANT_PROFILE } from './profile.ts';

export const merchantDealRoutes = new Hono<AppEnv>();

const DEAL_NOT_FOUND = 'Deal not found';

/** Dates go to either driver as ISO text. */
const sqlValue = (value: unknown) => (value instanceof Date ? value.toISOString() : value);

/** Merchant views of deal rows, with codes when the business is approved and the deal is live. */
async function viewsOf(q: Query, rows: DealRow[]) {
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
  if (!row) throw notFound(DEAL_NOT_FOUND);
  return row;
}

merchantDealRoutes.get('/', async (c) => {
  const user = requireUser(c, ...COUNTER_ROLES);
  const deals = await userTx(c, async (q) => {
    // Staff see the live deals of their counter's business, with codes (decision 166); never the others.
    if (user.role === 'STAFF') return viewsOf(q, await counterLiveDealRows(q));
    if (!(await ownMerchant(q))) throw notFound(NO_MERCHANT_PROFILE);
    const rows = await q<DealRow>(
      `select ${dealColumns} from public.deals d
        where d.merchant_id = (select private.my_merchant_id())
        order by d.created_at desc, d.id`,
    );
    return viewsOf(q, rows);
  });
  return c.json(deals);
});

merchantDealRoutes.post('/', async (c) => {
  requireUser(c, 'MERCHANT');
  const body = await parseJson(c, createDealBody);
  const [deal] = await userTx(c, async (q) => {
    const merchant = await ownMerchant(q);
    if (!merchant) throw notFound(NO_MERCHANT_PROFILE);
    if (!merchant.active) throw forbidden('Your business must be approved before you can create deals');
    const rows = await q<DealRow>(
      `insert into public.deals as d (merchant_id, title, description, discount_percent, discount_amount_cents,
                                 category, active, valid_from, valid_to, max_uses, per_member_limit)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       returning ${dealColumns}`,
      [merchant.id, body.title, body.description, body.discountPercent, body.discountAmount, body.category,
        body.active, sqlValue(body.validFrom), sqlValue(body.validTo), body.maxUses, body.perMemberLimit],
    );
    return viewsOf(q, rows);
  });
  return c.json(deal, 201);
});

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
} as const;

merchantDealRoutes.patch('/:id', async (c) => {
  requireUser(c, 'MERCHANT');
  const id = uuidParam(c, 'id', DEAL_NOT_FOUND);
  const patch = await parseJson(c, updateDealBody);
  const [deal] = await userTx(c, async (q) => {
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
    if (violation) throw badRequest(violation);

    const fields = (Object.keys(patchColumns) as (keyof typeof patchColumns)[]).filter((f) => patch[f] !== undefined);
    const assignments = fields.map((f, i) => `${patchColumns[f]} = $${i + 2}`).join(', ');
    const rows = await q<DealRow>(
      `update public.deals d set ${assignments} where d.id = $1 returning ${dealColumns}`,
      [id, ...fields.map((f) => sqlValue(patch[f]))],
    );
    return viewsOf(q, rows);
  });
  return c.json(deal);
});

/**
 * DELETE /api/merchant/deals/{id} deactivates the deal (the "Deactivate" action of the deals
 * page); ?permanent=true removes it for good (the confirmed "Delete"). See decision 020.
 */
merchantDealRoutes.delete('/:id', async (c) => {
  requireUser(c, 'MERCHANT');
  const id = uuidParam(c, 'id', DEAL_NOT_FOUND);
  const { permanent } = parseQuery(c, deleteDealQuery);
  const answer = await userTx(c, async (q) => {
    await ownDealForUpdate(q, id);
    if (permanent === 'true') {
      await q(`delete from public.deals d where d.id = $1`, [id]);
      return { id, deleted: true, deal: null };
    }
    const rows = await q<DealRow>(`update public.deals d set active = false where d.id = $1 returning ${dealColumns}`, [id]);
    const [deal] = await viewsOf(q, rows);
    return { id, deleted: false, deal };
  });
  return c.json(answer);
});
