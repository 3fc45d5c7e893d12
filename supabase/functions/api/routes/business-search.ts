import { Hono } from 'hono';
import { type Business, businessSearchQuery } from '../../_shared/contract/collabs.ts';
import { type AppEnv, readTx } from '../context.ts';
import { parseQuery } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';

export const businessSearchRoutes = new Hono<AppEnv>();

// Active businesses other than the caller's own, matched by name/category/description words
// (full text, stemmed), a misspelled name (trigram word similarity >= 0.45) or part of the name.
// The SQL lives in private.search_businesses (migration 20261122004000_collabs.sql).
businessSearchRoutes.get('/', async (c) => {
  requireUser(c);
  const { q, category, city, limit } = parseQuery(c, businessSearchQuery);
  const businesses = await readTx(c, (query) =>
    query<Business>(`select * from private.search_businesses($1, $2, $3, $4)`, [q, category ?? null, city ?? null, limit]),
  );
  return c.json(businesses);
});
