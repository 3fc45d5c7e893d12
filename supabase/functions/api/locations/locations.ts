// A business's locations (issue 40), as its owner manages them and its counter names them. SQL as the caller: RLS
// (supabase/schemas/locations.sql) admits only the owner's writes; the last location is kept by a trigger (PL409),
// checked here first so the owner reads why.
import type { z } from 'zod';
import {
  type BusinessLocation, type createLocationBody, LAST_LOCATION_MESSAGE, type PublicLocation, type updateLocationBody,
} from '../../_shared/contract/locations.ts';
import { type Query, iso } from '../db/database.ts';
import { DomainError } from '../domain-error.ts';

const LOCATION_NOT_FOUND = 'Location not found';
const NO_BUSINESS = 'Merchant profile not found';

type LocationRow = {
  id: string; name: string | null; address: string; latitude: number | null; longitude: number | null; phone: string | null;
  hours: BusinessLocation['hours'] | string; exceptions: BusinessLocation['exceptions'] | string; created_at: Date | string; updated_at: Date | string;
};

// json arrives parsed from PGlite and as text from postgres.js without prepared statements.
const parsed = <T>(value: T | string): T => (typeof value === 'string' ? JSON.parse(value) as T : value);

const toLocation = (r: LocationRow): BusinessLocation => ({
  id: r.id, name: r.name, address: r.address, latitude: r.latitude === null ? null : Number(r.latitude),
  longitude: r.longitude === null ? null : Number(r.longitude), phone: r.phone, hours: parsed(r.hours), exceptions: parsed(r.exceptions),
  createdAt: iso(r.created_at), updatedAt: iso(r.updated_at),
});

/** A location's columns with its hours and exceptions (alias l), times as "HH:MM". */
const locationColumns = `l.id, l.name, l.address, l.latitude, l.longitude, l.phone, l.created_at, l.updated_at,
  coalesce((select json_agg(json_build_object('weekday', h.weekday, 'opensAt', to_char(h.opens_at, 'HH24:MI'),
                                              'closesAt', to_char(h.closes_at, 'HH24:MI')) order by h.weekday, h.opens_at)
              from public.location_hours h where h.location_id = l.id), '[]'::json) as hours,
  coalesce((select json_agg(json_build_object('date', e.on_date::text, 'opensAt', to_char(e.opens_at, 'HH24:MI'),
                                              'closesAt', to_char(e.closes_at, 'HH24:MI'), 'note', e.note)
                            order by e.on_date, e.opens_at nulls first)
              from public.location_exceptions e where e.location_id = l.id), '[]'::json) as exceptions`;

/** The locations of the caller's business (owner), or of the business whose counter they work (staff), first first. */
export async function listLocations(q: Query): Promise<BusinessLocation[]> {
  const [business] = await q<{ id: string | null }>(`select coalesce(private.my_merchant_id(), private.staff_merchant_id()) as id`);
  if (!business?.id) throw new DomainError('not-found', NO_BUSINESS);
  const rows = await q<LocationRow>(
    `select ${locationColumns} from public.business_locations l where l.merchant_id = $1 order by l.created_at, l.id`, [business.id]);
  return rows.map(toLocation);
}

/** The locations of any business, as the admin reads them (RLS admits the admin to all). */
export async function locationsOfBusiness(q: Query, merchantId: string): Promise<BusinessLocation[]> {
  const rows = await q<LocationRow>(
    `select ${locationColumns} from public.business_locations l where l.merchant_id = $1 order by l.created_at, l.id`, [merchantId]);
  return rows.map(toLocation);
}

async function locationById(q: Query, id: string): Promise<BusinessLocation> {
  const [row] = await q<LocationRow>(`select ${locationColumns} from public.business_locations l where l.id = $1`, [id]);
  if (!row) throw new DomainError('not-found', LOCATION_NOT_FOUND);
  return toLocation(row);
}

/**
 * A business's locations as anyone reads them on its deal's page, first made first (links.business_locations: an
 * approved business's to anyone, else to its owner and the admin): the open state is the one rule
 * (private.locations_open_state), the next exception the first dated change within 14 days of the city's today.
 */
const publicLocationsSql = `select * from links.business_locations($1::uuid, now())`;

type PublicLocationRow = {
  id: string; name: string | null; address: string; open_now: boolean | null; open_text: string | null;
  hours: PublicLocation['hours'] | string; next_exception: PublicLocation['nextException'] | string | null;
};

export async function publicLocationsOfBusiness(q: Query, merchantId: string): Promise<PublicLocation[]> {
  const rows = await q<PublicLocationRow>(publicLocationsSql, [merchantId]);
  return rows.map((r) => ({
    id: r.id, name: r.name, address: r.address, openNow: r.open_now, openText: r.open_text, hours: parsed(r.hours),
    nextException: r.next_exception === null ? null : parsed(r.next_exception),
  }));
}

/** The weekly hours and the dated exceptions, each replaced as a whole when sent. */
async function replaceTimes(q: Query, id: string, body: { hours?: BusinessLocation['hours']; exceptions?: z.output<typeof createLocationBody>['exceptions'] }) {
  if (body.hours !== undefined) {
    await q(`delete from public.location_hours h where h.location_id = $1`, [id]);
    if (body.hours.length > 0) {
      await q(
        `insert into public.location_hours (location_id, weekday, opens_at, closes_at)
         select $1, (x ->> 'weekday')::smallint, (x ->> 'opensAt')::time, (x ->> 'closesAt')::time
           from jsonb_array_elements($2::text::jsonb) x`,
        [id, JSON.stringify(body.hours)],
      );
    }
  }
  if (body.exceptions !== undefined) {
    await q(`delete from public.location_exceptions e where e.location_id = $1`, [id]);
    if (body.exceptions.length > 0) {
      await q(
        `insert into public.location_exceptions (location_id, on_date, opens_at, closes_at, note)
         select $1, (x ->> 'date')::date, (x ->> 'opensAt')::time, (x ->> 'closesAt')::time, x ->> 'note'
           from jsonb_array_elements($2::text::jsonb) x`,
        [id, JSON.stringify(body.exceptions)],
      );
    }
  }
}

/** A new location of the caller's business, with its hours and exceptions. */
export async function createLocation(q: Query, body: z.output<typeof createLocationBody>): Promise<BusinessLocation> {
  const [business] = await q<{ id: string | null }>(`select private.my_merchant_id() as id`);
  if (!business?.id) throw new DomainError('not-found', NO_BUSINESS);
  const [row] = await q<{ id: string }>(
    `insert into public.business_locations (merchant_id, name, address, latitude, longitude, phone)
     values ($1, $2, $3, $4, $5, $6) returning id`,
    [business.id, body.name ?? null, body.address, body.latitude ?? null, body.longitude ?? null, body.phone ?? null],
  );
  await replaceTimes(q, row.id, body);
  return locationById(q, row.id);
}

/** The caller's own location, locked for the rest of the transaction, or 404. */
async function ownLocationForUpdate(q: Query, id: string): Promise<void> {
  const [row] = await q<{ id: string }>(
    `select l.id from public.business_locations l where l.id = $1 and l.merchant_id = (select private.my_merchant_id()) for update`, [id]);
  if (!row) throw new DomainError('not-found', LOCATION_NOT_FOUND);
}

const patchColumns = { name: 'name', address: 'address', latitude: 'latitude', longitude: 'longitude', phone: 'phone' } as const;

/** Changes the fields sent; hours or exceptions sent replace the stored ones. */
export async function updateLocation(q: Query, id: string, patch: z.output<typeof updateLocationBody>): Promise<BusinessLocation> {
  await ownLocationForUpdate(q, id);
  const fields = (Object.keys(patchColumns) as (keyof typeof patchColumns)[]).filter((f) => patch[f] !== undefined);
  // Hours alone still mark the location changed (the touch trigger sets updated_at on any update).
  const assignments = fields.length > 0 ? fields.map((f, i) => `${patchColumns[f]} = $${i + 2}`).join(', ') : 'name = l.name';
  await q(`update public.business_locations l set ${assignments} where l.id = $1`, [id, ...fields.map((f) => patch[f])]);
  await replaceTimes(q, id, patch);
  return locationById(q, id);
}

/**
 * Deletes the caller's location. Refused (409) for the last one, and for one that a deal is limited to alone:
 * removing its only location would silently widen that deal to every location.
 */
export async function deleteLocation(q: Query, id: string): Promise<void> {
  await ownLocationForUpdate(q, id);
  const [{ others }] = await q<{ others: number }>(
    `select count(*)::int as others from public.business_locations l
      where l.merchant_id = (select private.my_merchant_id()) and l.id <> $1`, [id]);
  if (others === 0) throw new DomainError('conflict', LAST_LOCATION_MESSAGE);
  const [onlyHere] = await q<{ title: string }>(
    `select d.title from public.deal_locations dl join public.deals d on d.id = dl.deal_id
      where dl.location_id = $1
        and not exists (select 1 from public.deal_locations o where o.deal_id = dl.deal_id and o.location_id <> $1)
      order by d.title limit 1`, [id]);
  if (onlyHere) {
    throw new DomainError('conflict', `The deal "${onlyHere.title}" applies only at this location: choose other locations for it before deleting this one.`);
  }
  await q(`delete from public.business_locations l where l.id = $1`, [id]);
}
