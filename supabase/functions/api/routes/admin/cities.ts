import { Hono } from 'hono';
import { type AdminCity, createCityBody, updateCityBody } from '../../../_shared/contract/admin.ts';
import { type AppEnv, userTx } from '../../context.ts';
import type { Query } from '../../db/database.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { parse, parseJson } from '../../lib/validate.ts';
import { uuid } from '../../../_shared/contract/common.ts';
import { requireAdmin } from '../../middleware/session.ts';

/** /api/admin/cities. Writes run as the admin: the cities policies allow only the designated admin. */
export const adminCityRoutes = new Hono<AppEnv>();

const cityColumns = `
  c.id, c.name, c.state, c.description, c.active, c.created_at as "createdAt",
  (select count(*) from public.merchants m where m.city_id = c.id)::int as "merchantCount",
  (select count(*) from public.profiles p where p.home_city_id = c.id and p.role = 'USER')::int as "memberCount"`;

type CityRow = Omit<AdminCity, 'createdAt'> & { createdAt: Date | string };
const toCity = (row: CityRow): AdminCity => ({ ...row, createdAt: new Date(row.createdAt).toISOString() });

async function findCity(q: Query, id: string) {
  const [row] = await q<CityRow>(`select ${cityColumns} from public.cities c where c.id = $1`, [id]);
  if (!row) throw notFound('City not found');
  return toCity(row);
}

/** The unique index on (lower(name), lower(state)) decides; this names the clash. */
const duplicate = (error: { code?: string }, name: string, state: string) => {
  if (error.code === '23505') return conflict(`A city named ${name}, ${state} already exists`);
  return error;
};

adminCityRoutes.get('/', async (c) => {
  requireAdmin(c);
  const rows = await userTx(c, (q) => q<CityRow>(`select ${cityColumns} from public.cities c order by c.name, c.state`));
  return c.json(rows.map(toCity));
});

adminCityRoutes.post('/', async (c) => {
  requireAdmin(c);
  const body = await parseJson(c, createCityBody);
  const city = await userTx(c, async (q) => {
    const [row] = await q<{ id: string }>(
      `insert into public.cities (name, state, description) values ($1, $2, $3) returning id`,
      [body.name, body.state, body.description]);
    return findCity(q, row.id);
  }).catch((error) => { throw duplicate(error, body.name, body.state); });
  return c.json(city, 201);
});

adminCityRoutes.patch('/:id', async (c) => {
  requireAdmin(c);
  const id = parse(uuid, c.req.param('id'));
  const body = await parseJson(c, updateCityBody);
  const city = await userTx(c, async (q) => {
    const [row] = await q<{ id: string; name: string; state: string }>(
      `update public.cities
          set name = coalesce($2, name), state = coalesce($3, state),
              description = case when $4::boolean then $5 else description end,
              active = coalesce($6, active)
        where id = $1 returning id, name, state`,
      [id, body.name ?? null, body.state ?? null, body.description !== undefined, body.description ?? null, body.active ?? null]);
    if (!row) throw notFound('City not found');
    return findCity(q, id);
  }).catch((error) => { throw duplicate(error, body.name ?? 'that', body.state ?? 'state'); });
  return c.json(city);
});

adminCityRoutes.delete('/:id', async (c) => {
  requireAdmin(c);
  const id = parse(uuid, c.req.param('id'));
  await userTx(c, async (q) => {
    const city = await findCity(q, id);
    if (city.merchantCount > 0) {
      const businesses = city.merchantCount === 1 ? '1 business' : `${city.merchantCount} businesses`;
      throw conflict(`${city.name} still has ${businesses}. Deactivate the city instead, or delete its businesses first.`);
    }
    await q(`delete from public.cities where id = $1`, [id]);
  }).catch((error: { code?: string }) => {
    // A business or donation record that appeared meanwhile: the foreign keys refuse.
    if (error.code === '23001' || error.code === '23503') throw conflict('This city is still referenced by businesses or donation records. Deactivate it instead.');
    throw error;
  });
  return c.json({ success: true, message: 'City deleted' });
});
