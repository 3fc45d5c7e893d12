import { Hono } from 'hono';
import { businessSearchQuery } from '../../_shared/contract/collabs.ts';
import { type AppEnv, readTx } from '../http/context.ts';
import { searchBusinesses } from './business-search.ts';
import { parseQuery } from '../http/validate.ts';
import { requireUser } from '../http/session.ts';

export const businessSearchRoutes = new Hono<AppEnv>();

/** GET /api/businesses/search: other active businesses by words, a misspelled name or part of it. */
businessSearchRoutes.get('/', async (c) => {
  requireUser(c);
  const search = parseQuery(c, businessSearchQuery);
  return c.json(await readTx(c, (q) => searchBusinesses(q, search)));
});
