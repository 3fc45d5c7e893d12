// Cities (decision 177: the SQL of cities/router.ts and cities/admin-router.ts). Every statement runs as the caller
// inside the request's transaction: the cities policies let only the designated admin write.
import type { z } from 'zod';
import type { AdminCity, createCityBody, updateCityBody } from '../../_shared/contract/admin.ts';
import type { Query } from '../db/database.ts';
import { conflict, notFound } from '../domain-error.ts';

export interface ActiveCity { id: string; name: string; state: string }

/** GET /api/cities: the active cities, by name. */
export const listActiveCities = (q: Query) =>
  q<ActiveCity>(`select id, name, state from public.cities where active order by name, state`);

const cityColumns = `
  c.id, c.name, c.state, c.description, c.active, c.time_zone as "timeZone", c.created_at as "createdAt",
  (select count(*) from public.merchants m where m.city_id = c.id)::int as "merchantCount",
  (select count(*) from public.profiles p where p.home_city_id = c.id and p.role = 'USER')::int as "memberCount"`;

type CityRow = Omit<AdminCity, 'createdAt'> & { createdAt: Date | string };
const toCity = (row: CityRow): AdminCity => ({ ...row, createdAt: new Date(row.createdAt).toISOString() });

async function findCity(q: Query, id: string): Promise<AdminCity> {
  const [row] = await q<CityRow>(`select ${cityColumns} from public.cities c where c.id = $1`, [id]);
  if (!row) throw notFound('City not found');
  return toCity(row);
}

/** The unique index on (lower(name), lower(state)) decides; this names the clash. */
export const cityWriteRefusal = (error: unknown, name: string, state: string): unknown =>
  (error as { code?: string } | null)?.code === '23505' ? conflict(`A city named ${name}, ${state} already exists`) : error;

/** Every city with its counts, for the admin. */
export async function listAdminCities(q: Query): Promise<AdminCity[]> {
  return (await q<CityRow>(`select ${cityColumns} from public.cities c order by c.name, c.state`)).map(toCity);
}

export async function createCity(q: Query, body: z.infer<typeof createCityBody>): Promise<AdminCity> {
  const [row] = await q<{ id: string }>(
    // Without a zone the column's default (America/Denver, the seeded cities') applies.
    body.timeZone
      ? `insert into public.cities (name, state, description, time_zone) values ($1, $2, $3, $4) returning id`
      : `insert into public.cities (name, state, description) values ($1, $2, $3) returning id`,
    body.timeZone ? [body.name, body.state, body.description, body.timeZone] : [body.name, body.state, body.description]);
  return findCity(q, row.id);
}

export async function updateCity(q: Query, id: string, body: z.infer<typeof updateCityBody>): Promise<AdminCity> {
  const [row] = await q<{ id: string; name: string; state: string }>(
    `update public.cities
        set name = coalesce($2, name), state = coalesce($3, state),
            description = case when $4::boolean then $5 else description end,
            active = coalesce($6, active), time_zone = coalesce($7, time_zone)
      where id = $1 returning id, name, state`,
    [id, body.name ?? null, body.state ?? null, body.description !== undefined, body.description ?? null, body.active ?? null,
      body.timeZone ?? null]);
  if (!row) throw notFound('City not found');
  return findCity(q, id);
}

/** Deletes a city with no businesses (409 naming them otherwise). */
export async function deleteCity(q: Query, id: string): Promise<void> {
  const city = await findCity(q, id);
  if (city.merchantCount > 0) {
    const businesses = city.merchantCount === 1 ? '1 business' : `${city.merchantCount} businesses`;
    throw conflict(`${city.name} still has ${businesses}. Deactivate the city instead, or delete its businesses first.`);
  }
  await q(`delete from public.cities where id = $1`, [id]);
}

/** A business or donation record that appeared meanwhile: the foreign keys refuse the delete. */
export const cityDeleteRefusal = (error: unknown): unknown => {
  const code = (error as { code?: string } | null)?.code;
  return code === '23001' || code === '23503'
    ? conflict('This city is still referenced by businesses or donation records. Deactivate it instead.')
    : error;
};
