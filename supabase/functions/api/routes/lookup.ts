import { Hono } from 'hono';
import { charitiesQuery } from '../../_shared/contract/lookup.ts';
import { type AppEnv, userTx } from '../context.ts';
import { parseQuery } from '../lib/validate.ts';
import { offeredCharities } from '../domain/charities.ts';
import { listActiveCities } from '../domain/cities.ts';

/** GET /api/cities (mounted at /cities). */
export const cityRoutes = new Hono<AppEnv>();
/** GET /api/charities (mounted at /charities). */
export const charityRoutes = new Hono<AppEnv>();

cityRoutes.get('/', async (c) => c.json(await userTx(c, listActiveCities)));

charityRoutes.get('/', async (c) => {
  const { cityId } = parseQuery(c, charitiesQuery);
  return c.json(await userTx(c, (q) => offeredCharities(q, cityId)));
});
