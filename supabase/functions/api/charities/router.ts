import { Hono } from 'hono';
import { charitiesQuery } from '../../_shared/contract/lookup.ts';
import { type AppEnv, userTx } from '../http/context.ts';
import { parseQuery } from '../http/validate.ts';
import { offeredCharities } from './charities.ts';

/** GET /api/charities (mounted at /charities). */
export const charityRoutes = new Hono<AppEnv>();

charityRoutes.get('/', async (c) => {
  const { cityId } = parseQuery(c, charitiesQuery);
  return c.json(await userTx(c, (q) => offeredCharities(q, cityId)));
});
