import { Hono } from 'hono';
import { businessSearchQuery } from '../../_shared/contract/collabs.ts';
import { type AppEnv, userTx } from '../context.ts';
import { searchBusinesses } from '../domain/business-search.ts';
import { parseQuery } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';

export const businessSearchRoutes = new Hono<AppEnv>();

/** GET /api/businesses/search: other active businesses by words, a misspelled name or part of it. */
businessSearchRoutes.get('/', async (c) => {
  requireUser(c);
  const search = parseQuery(c, businessSearchQuery);
  return c.json(await userTx(c, (q) => searchBusinesses(q, search)));
});
