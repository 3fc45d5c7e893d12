import { Hono } from 'hono';
import { NEXT_CURSOR_HEADER } from '../../_shared/constants.ts';
import { memberDealsQuery, publicDealsQuery } from '../../_shared/contract/deals.ts';
import { aheadRows, type AppEnv } from '../http/context.ts';
import { parseQuery } from '../http/validate.ts';
import { requireUser } from '../http/session.ts';
import { memberDealPage, type MemberDealPageRow, memberDealsStatement, publicDealsStatement } from './deals.ts';
import type { AheadStatement } from '../http/session.ts';
import { type PublicDealRow, toPublicDeal } from './deals.ts';

export const dealRoutes = new Hono<AppEnv>();

/** GET /api/deals/public: what visitors may browse; codes are never part of it. */
dealRoutes.get('/public', async (c) => {
  const { cityId, category } = parseQuery(c, publicDealsQuery);
  const rows = await aheadRows<PublicDealRow>(c, () => publicDealsStatement(cityId, category));
  return c.json(rows.map(toPublicDeal));
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
  // The statement's answer, sent ahead with the session lookup by memberDealsAhead below (or run now).
  const rows = await aheadRows<MemberDealPageRow>(c, () => memberDealsStatement(cityId, category, cursor));
  const page = await memberDealPage(rows);
  if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return c.json(page.deals);
});

/**
 * GET /api/deals's one statement, known from the query string: built here once, it leaves with the session
 * lookup (decision 130), and the handler above takes its answer from the request context (aheadRows).
 * A query it cannot read sends nothing ahead.
 */
export const memberDealsAhead: AheadStatement = {
  method: 'GET',
  path: '/api/deals',
  statement: (c) => {
    const query = memberDealsQuery.safeParse(c.req.query());
    if (!query.success) return null;
    try {
      return memberDealsStatement(query.data.cityId, query.data.category, query.data.cursor);
    } catch {
      return null; // a bad cursor: the handler answers it (400)
    }
  },
};
