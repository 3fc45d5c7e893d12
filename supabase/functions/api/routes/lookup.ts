import { Hono } from 'hono';
import { charitiesQuery } from '../../_shared/contract/lookup.ts';
import { type AppEnv, userTx } from '../context.ts';
import { parseQuery } from '../lib/validate.ts';

/** GET /api/cities (mounted at /cities). */
export const cityRoutes = new Hono<AppEnv>();
/** GET /api/charities (mounted at /charities). */
export const charityRoutes = new Hono<AppEnv>();

cityRoutes.get('/', async (c) => {
  const cities = await userTx(c, (q) =>
    q(`select id, name, state from public.cities where active order by name, state`),
  );
  return c.json(cities);
});

charityRoutes.get('/', async (c) => {
  const { cityId } = parseQuery(c, charitiesQuery);
  const charities = await userTx(c, (q) =>
    q(
      // Retired charities are no longer offered (decision 125).
      `select id, name, city_id as "cityId" from public.charities
        where ($1::uuid is null or city_id = $1::uuid) and retired_at is null
        order by is_default desc, name`,
      [cityId ?? null],
    ),
  );
  return c.json(charities);
});
