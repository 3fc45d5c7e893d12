import { Hono } from 'hono';
import { MEMBERSHIP_REQUIRED_MESSAGE, memberDealsQuery, publicDealsQuery } from '../../../_shared/contract/deals.ts';
import { dealCategoriesForFilter } from '../../../_shared/deal-filters.ts';
import { type AppEnv, userTx } from '../../context.ts';
import { forbidden } from '../../lib/http-error.ts';
import { parseQuery } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/session.ts';
import { currentCodes } from './deal-codes.ts';
import { type MemberDealRow, type PublicDealRow, toMemberDeal, toPublicDeal } from './deal-views.ts';

export const dealRoutes = new Hono<AppEnv>();

/** Live deals of approved businesses; $1 city (or null), $2 member filter (or null), $3 matching deal categories. */
const liveDealsSql = ({ columns = '', joins = '', limit }: { columns?: string; joins?: string; limit: number }) => `
  select d.id, d.title, d.description, d.category, d.discount_percent, d.discount_amount_cents, d.used_count,
         d.max_uses, d.valid_to, m.id as merchant_id, m.name as merchant_name, m.category as merchant_category
         ${columns}
    from public.deals d
    join public.merchants m on m.id = d.merchant_id
    ${joins}
   where m.active and d.active
     and (d.valid_from is null or d.valid_from <= now()) and (d.valid_to is null or d.valid_to >= now())
     and ($1::uuid is null or m.city_id = $1::uuid)
     and ($2::text is null or m.category = $2::text or d.category = any ($3::text[])
          or ($2::text = 'women-owned' and m.is_women_owned))
   order by d.created_at desc, d.id
   limit ${limit}`;

/** The member filter as SQL parameters ('all' = no filter). */
function filterParams(category: string): [string | null, string] {
  if (category === 'all') return [null, '{}'];
  return [category, `{${dealCategoriesForFilter(category as never).join(',')}}`];
}

/** GET /api/deals/public: what visitors may browse; codes are never part of it. */
dealRoutes.get('/public', async (c) => {
  const { cityId, category } = parseQuery(c, publicDealsQuery);
  const rows = await userTx(c, (q) =>
    q<PublicDealRow>(
      liveDealsSql({
        columns: ', m.logo_url, ci.id as city_id, ci.name as city_name, ci.state as city_state',
        joins: 'left join public.cities ci on ci.id = m.city_id',
        limit: 100,
      }),
      [cityId ?? null, ...filterParams(category)],
    ));
  return c.json(rows.map(toPublicDeal));
});

/** GET /api/deals?cityId=&category=: the member view with current codes, for an active membership only. */
dealRoutes.get('/', async (c) => {
  requireUser(c, 'USER');
  const { cityId, category } = parseQuery(c, memberDealsQuery);
  const nowMs = Date.now();
  const deals = await userTx(c, async (q) => {
    const [membership] = await q<{ active: boolean }>(`select private.caller_is_active_member() as active`);
    if (!membership?.active) throw forbidden(MEMBERSHIP_REQUIRED_MESSAGE);
    const rows = await q<MemberDealRow>(liveDealsSql({ columns: ', m.is_women_owned as merchant_is_women_owned', limit: 500 }),
      [cityId, ...filterParams(category)]);
    const codes = await currentCodes(q, rows.map((r) => r.id), nowMs);
    return rows.flatMap((row) => {
      const code = codes.get(row.id);
      return code ? [toMemberDeal(row, code)] : [];
    });
  });
  return c.json(deals);
});
