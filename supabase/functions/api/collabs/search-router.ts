import { Hono } from 'hono';
import { NEXT_CURSOR_HEADER } from '../../_shared/constants.ts';
import { businessSearchQuery } from '../../_shared/contract/collabs.ts';
import { type AppEnv, readTx } from '../http/context.ts';
import { searchBusinesses } from './business-search.ts';
import { parseQuery } from '../http/validate.ts';
import { requireUser } from '../http/session.ts';

export const businessSearchRoutes = new Hono<AppEnv>();

/**
 * GET /api/businesses/search: other active businesses by words, a misspelled name or part of it. The answer is the
 * spec's list of businesses; the next page's cursor travels in NEXT_CURSOR_HEADER, as the deal list's does.
 */
businessSearchRoutes.get('/', async (c) => {
  requireUser(c);
  const search = parseQuery(c, businessSearchQuery);
  const page = await readTx(c, (q) => searchBusinesses(q, search));
  if (page.nextCursor) c.header(NEXT_CURSOR_HEADER, page.nextCursor);
  return c.json(page.businesses);
});
