import { Hono } from 'hono';
import { NEXT_CURSOR_HEADER } from '../../_shared/constants.ts';
import { businessSearchQuery } from '../../_shared/contract/collabs.ts';
import { aheadRows, type AppEnv, sendAheadUnlessReplica } from '../http/context.ts';
import { businessSearchPage, type BusinessSearchRow, businessSearchStatement } from './business-search.ts';
import { parseOrNull, parseQuery } from '../http/validate.ts';
import { type AheadStatement, requireUser } from '../http/session.ts';

export const businessSearchRoutes = new Hono<AppEnv>();

/**
 * GET /api/businesses/search: other active businesses by words, a misspelled name or part of it. The answer is the
 * spec's list of businesses; the next page's cursor travels in NEXT_CURSOR_HEADER, as the deal list's does.
 */
businessSearchRoutes.get('/', async (c) => {
  requireUser(c);
  const search = parseQuery(c, businessSearchQuery);
  // Sent ahead with the session lookup by businessSearchAhead below (or run now, on the replica when there is one).
  const rows = await aheadRows<BusinessSearchRow>(c, () => businessSearchStatement(search), true);
  const page = businessSearchPage(rows, search.limit);
  if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return c.json(page.businesses);
});

/**
 * GET /api/businesses/search's one statement, known from the query string: it leaves with the session lookup, the
 * whole request in one round trip (decision 130), unless a replica serves the search (decision 181). A query or
 * cursor it cannot read (text that cannot be stored included) sends nothing ahead: the handler answers it (400).
 */
export const businessSearchAhead: AheadStatement = {
  method: 'GET',
  path: '/api/businesses/search',
  statement: (c) => sendAheadUnlessReplica(c, () => {
    const query = parseOrNull(businessSearchQuery, c.req.query());
    if (!query) return null;
    try {
      return businessSearchStatement(query);
    } catch {
      return null;
    }
  }),
};
