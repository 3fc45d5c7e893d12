import { Hono } from 'hono';
import { createCityBody, updateCityBody } from '../../_shared/contract/admin.ts';
import { type AppEnv, userTx } from '../http/context.ts';
import { parse, parseJson } from '../http/validate.ts';
import { uuid } from '../../_shared/contract/common.ts';
import { requireAdmin } from '../http/session.ts';
import {
  cityDeleteRefusal, cityWriteRefusal, createCity, deleteCity, listAdminCities, updateCity,
} from './cities.ts';

/** /api/admin/cities. Writes run as the admin: the cities policies allow only the designated admin. */
export const adminCityRoutes = new Hono<AppEnv>();

adminCityRoutes.get('/', async (c) => {
  requireAdmin(c);
  return c.json(await userTx(c, listAdminCities));
});

adminCityRoutes.post('/', async (c) => {
  requireAdmin(c);
  const body = await parseJson(c, createCityBody);
  const city = await userTx(c, (q) => createCity(q, body))
    .catch((error) => { throw cityWriteRefusal(error, body.name, body.state); });
  return c.json(city, 201);
});

adminCityRoutes.patch('/:id', async (c) => {
  requireAdmin(c);
  const id = parse(uuid, c.req.param('id'));
  const body = await parseJson(c, updateCityBody);
  const city = await userTx(c, (q) => updateCity(q, id, body))
    .catch((error) => { throw cityWriteRefusal(error, body.name ?? 'that', body.state ?? 'state'); });
  return c.json(city);
});

adminCityRoutes.delete('/:id', async (c) => {
  requireAdmin(c);
  const id = parse(uuid, c.req.param('id'));
  await userTx(c, (q) => deleteCity(q, id)).catch((error) => { throw cityDeleteRefusal(error); });
  return c.json({ success: true, message: 'City deleted' });
});
