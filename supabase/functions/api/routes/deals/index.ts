import { Hono } from 'hono';
import { NEXT_CURSOR_HEADER } from '../../../_shared/constants.ts';
import { memberDealsQuery, publicDealsQuery } from '../../../_shared/contract/deals.ts';
import { type AppEnv, userTx } from '../../context.ts';
import { parseQuery } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/session.ts';
import { memberDealPage, memberDealsStatement, publicDeals, publicDealsStatement } from '../../domain/deals.ts';
import type { AheadStatement } from '../../middleware/session.ts';

export const dealRoutes = new Hono<AppEnv>();

/** GET /api/deals/public: what visitors may browse; codes are never part of it. */
dealRoutes.get('/public', async (c) => {
  const { cityId, category } = parseQuery(c, publicDealsQuery);
  return c.json(await userTx(c, (q) => publicDeals(q, cityId, category)));
});

/** GET /api/deals/public's one statement leaves with the session lookup, or as anon for a visitor (decision 130). */
export const publicDealsAhead: AheadStatement = {
  method: 'GET',
  path: '/api/deals/public',
  forVisitors: true,
  statement: (c) => {
    const query = publicDealsQuery.safeParse(c.req.query());
    return query.success ? publicDealsStatement(query.data.cityId, query.data.category) : null;
  },
};

/**
 * GET /api/deals?cityId=&category=&cursor=: one page (MEMBER_DEALS_PAGE_SIZE) of the member view
 * with current codes, for an active membership only (PL403 from SQL otherwise); the next page's
 * cursor in the NEXT_CURSOR_HEADER response header.
 */
dealRoutes.get('/', async (c) => {
  requireUser(c, 'USER');
  const { cityId, category, cursor } = parseQuery(c, memberDealsQuery);
  const page = await userTx(c, (q) => memberDealPage(q, cityId, category, cursor));
  if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return c.json(page.deals);
});

/**
 * GET /api/deals's one statement, known from the query string: it leaves with the session lookup
 * (decision 130), and the handler above finds its answer. A query it cannot read sends nothing ahead.
 */
export const memberDealsAhead: AheadStatement = {
  method: 'GET',
  path: '/api/deals',
  statement: (c) => {
    const query = memberDealsQuery.safeParse(c.req.query());
    return query.success ? memberDealsStatement(query.data.cityId, query.data.category, query.data.cursor) : null;
  },
};
