import { Hono } from 'hono';
import { NEXT_CURSOR_HEADER } from '../../_shared/constants.ts';
import { memberDealsQuery, publicDealsQuery } from '../../_shared/contract/deals.ts';
import { aheadRows, type AppEnv } from '../http/context.ts';
import { parseQuery } from '../http/validate.ts';
import { requireUser } from '../http/session.ts';
import { MEMBER_DEALS_PAGE_SIZE, memberDealPage, type MemberDealPageRow, type MemberDealsAround, memberDealsStatement, publicDealsStatement } from './deals.ts';
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

/** The query's position and filters as the statement takes them (the position goes no further than it). */
const aroundOf = (query: { latitude?: number; longitude?: number; openNow?: 'true' | 'false'; validNow?: 'true' | 'false' }): MemberDealsAround => ({
  latitude: query.latitude, longitude: query.longitude, openNow: query.openNow === 'true', validNow: query.validNow === 'true',
});

/**
 * GET /api/deals?cityId=&category=&cursor=&latitude=&longitude=&openNow=&validNow=: one page (MEMBER_DEALS_PAGE_SIZE) of the member view
 * with current codes, for an active membership only (PL403 from SQL otherwise); the next page's
 * cursor in the NEXT_CURSOR_HEADER response header.
 */
dealRoutes.get('/', async (c) => {
  requireUser(c, 'USER');
  const { cityId, category, cursor, ...around } = parseQuery(c, memberDealsQuery);
  // The statement's answer, sent ahead with the session lookup by memberDealsAhead below (or run now).
  const rows = await aheadRows<MemberDealPageRow>(c, () => memberDealsStatement(cityId, category, cursor, MEMBER_DEALS_PAGE_SIZE, aroundOf(around)));
  // With a position the page is the nearest deals, with no next page (decision 209).
  const page = await memberDealPage(rows, Date.now(), around.latitude === undefined ? MEMBER_DEALS_PAGE_SIZE : rows.length);
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
      const { cityId, category, cursor, ...around } = query.data;
      return memberDealsStatement(cityId, category, cursor, MEMBER_DEALS_PAGE_SIZE, aroundOf(around));
    } catch {
      return null; // a bad cursor: the handler answers it (400)
    }
  },
};
