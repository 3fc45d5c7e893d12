import { Hono } from 'hono';
import { MEMBERSHIP_REQUIRED_MESSAGE, memberDealsQuery, publicDealsQuery } from '../../../_shared/contract/deals.ts';
import { type AppEnv, userTx } from '../../context.ts';
import { forbidden } from '../../lib/http-error.ts';
import { parseQuery } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/session.ts';
import { currentCodes } from './deal-codes.ts';
import { type MemberDealRow, type PublicDealRow, toMemberDeal, toPublicDeal } from './deal-views.ts';
import { filterParams, liveDealsSql, memberDealsSql, membershipCheckSql } from './live-deals-sql.ts';

export const dealRoutes = new Hono<AppEnv>();

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
    const [membership] = await q<{ active: boolean }>(membershipCheckSql);
    if (!membership?.active) throw forbidden(MEMBERSHIP_REQUIRED_MESSAGE);
    const rows = await q<MemberDealRow>(memberDealsSql,
      [cityId, ...filterParams(category)]);
    const codes = await currentCodes(q, rows.map((r) => r.id), nowMs);
    return rows.flatMap((row) => {
      const code = codes.get(row.id);
      return code ? [toMemberDeal(row, code)] : [];
    });
  });
  return c.json(deals);
});
