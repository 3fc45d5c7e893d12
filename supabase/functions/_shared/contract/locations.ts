// A business's locations (issue 40): where it is, its phone, its weekly hours and dated exceptions. The owner
// manages them (GET/POST /api/merchant/locations, PATCH/DELETE /api/merchant/locations/{id}); the counter reads
// them to name where a redemption happened. Times are local times of the business's city, "HH:MM"; an interval
// whose closesAt is before its opensAt passes midnight (like offer rules' windows).
import { z } from 'zod';

export const LOCATION_NAME_MAX = 80;
export const LOCATION_ADDRESS_MAX = 200;
export const LOCATION_PHONE_MAX = 40;
export const LOCATION_NOTE_MAX = 120;
const HOURS_MAX = 70; // ten intervals a day
const EXCEPTIONS_MAX = 100;

/** Empty strings from forms mean "not set". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
const optionalText = (max: number) => z.preprocess(blankToNull,
  z.string({ error: 'must be text' }).trim().max(max, `must be at most ${max} characters`).nullable()).optional();

const hhmm = z.string({ error: 'must be a time written HH:MM' })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time written HH:MM (00:00 to 23:59)');
const weekday = z.number({ error: 'must be an ISO weekday, 1 (Monday) to 7 (Sunday)' }).int('must be an ISO weekday, 1 (Monday) to 7 (Sunday)')
  .min(1, 'must be an ISO weekday, 1 (Monday) to 7 (Sunday)').max(7, 'must be an ISO weekday, 1 (Monday) to 7 (Sunday)');
const coordinate = (limit: number) => z.number({ error: `must be a number of degrees from -${limit} to ${limit}` })
  .min(-limit, `must be from -${limit} to ${limit} degrees`).max(limit, `must be from -${limit} to ${limit} degrees`);

/** One opening interval of a weekday. */
export const hoursInterval = z.strictObject({ weekday, opensAt: hhmm, closesAt: hhmm }, { error: 'must be {weekday, opensAt, closesAt}' })
  .refine((h) => h.opensAt !== h.closesAt, { path: ['closesAt'], message: 'must differ from the opening time' });
export type HoursInterval = z.infer<typeof hoursInterval>;

/** A dated change: no times = closed all day; times = open then instead (several rows of a date: several intervals). */
export const locationException = z.strictObject({
  date: z.iso.date({ error: 'must be a date written YYYY-MM-DD' }),
  opensAt: hhmm.nullish().transform((v) => v ?? null),
  closesAt: hhmm.nullish().transform((v) => v ?? null),
  note: optionalText(LOCATION_NOTE_MAX).transform((v) => v ?? null),
}, { error: 'must be {date, opensAt, closesAt, note}' }).superRefine((e, ctx) => {
  if ((e.opensAt === null) !== (e.closesAt === null)) {
    ctx.addIssue({ code: 'custom', path: [e.opensAt === null ? 'opensAt' : 'closesAt'], message: 'is required with the other time (leave both out for closed all day)' });
  } else if (e.opensAt !== null && e.opensAt === e.closesAt) {
    ctx.addIssue({ code: 'custom', path: ['closesAt'], message: 'must differ from the opening time' });
  }
});
export type LocationException = z.infer<typeof locationException>;

/** Where an interval ends on its own day, for overlap checks: one passing midnight runs to the day's end there. */
const endOnDay = (i: { opensAt: string; closesAt: string }) => (i.closesAt > i.opensAt ? i.closesAt : '24:00');

/** The first two intervals of one day (weekday or date) that overlap, or null. */
export function overlappingIntervals<T extends { opensAt: string; closesAt: string }>(intervals: readonly T[]): [T, T] | null {
  const sorted = [...intervals].sort((a, b) => a.opensAt.localeCompare(b.opensAt));
  for (let i = 1; i < sorted.length; i++) if (sorted[i]!.opensAt < endOnDay(sorted[i - 1]!)) return [sorted[i - 1]!, sorted[i]!];
  return null;
}

const fields = {
  name: optionalText(LOCATION_NAME_MAX),
  address: z.string({ error: 'is required' }).trim().min(1, 'is required').max(LOCATION_ADDRESS_MAX, `must be at most ${LOCATION_ADDRESS_MAX} characters`),
  latitude: coordinate(90).nullable().optional(),
  longitude: coordinate(180).nullable().optional(),
  phone: optionalText(LOCATION_PHONE_MAX),
  /** The whole week: the rows sent replace the stored ones. */
  hours: z.array(hoursInterval, { error: 'must be a list of opening intervals' }).max(HOURS_MAX, `must list at most ${HOURS_MAX} intervals`).optional(),
  /** Every dated exception: the rows sent replace the stored ones. */
  exceptions: z.array(locationException, { error: 'must be a list of dated exceptions' }).max(EXCEPTIONS_MAX, `must list at most ${EXCEPTIONS_MAX} dates`).optional(),
};

type LocationFields = { latitude?: number | null; longitude?: number | null; hours?: HoursInterval[]; exceptions?: LocationException[] };

/** The checks across fields: a pin is both coordinates or neither, and one day's intervals do not overlap. */
function checkLocation(location: LocationFields, ctx: z.RefinementCtx, patch: boolean) {
  const hasLat = location.latitude != null;
  const hasLng = location.longitude != null;
  // A PATCH moving the pin sends both; clearing it sends both as null.
  const sentOne = patch ? (location.latitude !== undefined) !== (location.longitude !== undefined) : false;
  if (hasLat !== hasLng || sentOne) {
    ctx.addIssue({ code: 'custom', path: [hasLat ? 'longitude' : 'latitude'], message: 'is required with the other coordinate (send both, or neither for no pin)' });
  }
  for (let day = 1; day <= 7; day++) {
    const pair = overlappingIntervals((location.hours ?? []).filter((h) => h.weekday === day));
    if (pair) ctx.addIssue({ code: 'custom', path: ['hours'], message: `overlap on day ${day}: ${pair[0].opensAt}–${pair[0].closesAt} and ${pair[1].opensAt}–${pair[1].closesAt}` });
  }
  const dates = new Map<string, LocationException[]>();
  for (const e of location.exceptions ?? []) dates.set(e.date, [...(dates.get(e.date) ?? []), e]);
  for (const [date, rows] of dates) {
    if (rows.length > 1 && rows.some((r) => r.opensAt === null)) {
      ctx.addIssue({ code: 'custom', path: ['exceptions'], message: `on ${date} cannot be both closed all day and open` });
    } else {
      const pair = overlappingIntervals(rows as { opensAt: string; closesAt: string }[]);
      if (pair) ctx.addIssue({ code: 'custom', path: ['exceptions'], message: `overlap on ${date}: ${pair[0].opensAt}–${pair[0].closesAt} and ${pair[1].opensAt}–${pair[1].closesAt}` });
    }
  }
}

export const createLocationBody = z.strictObject(fields, {
  error: (issue) => (issue.code === 'unrecognized_keys'
    ? 'has an unknown field: a location is name, address, latitude, longitude, phone, hours and exceptions'
    : 'must be a location object'),
}).superRefine((l, ctx) => checkLocation(l, ctx, false));
export type CreateLocationBody = z.input<typeof createLocationBody>;

/** PATCH: only the fields sent change; hours or exceptions, when sent, replace the stored ones. */
export const updateLocationBody = z.strictObject({ ...fields, address: fields.address.optional() }, {
  error: (issue) => (issue.code === 'unrecognized_keys'
    ? 'has an unknown field: a location is name, address, latitude, longitude, phone, hours and exceptions'
    : 'must be a location object'),
})
  .superRefine((l, ctx) => checkLocation(l, ctx, true))
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), { message: 'Nothing to update' });
export type UpdateLocationBody = z.input<typeof updateLocationBody>;

export const businessLocation = z.object({
  id: z.string(),
  name: z.string().nullable(),
  address: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  phone: z.string().nullable(),
  hours: z.array(z.object({ weekday: z.number(), opensAt: z.string(), closesAt: z.string() })),
  exceptions: z.array(z.object({ date: z.string(), opensAt: z.string().nullable(), closesAt: z.string().nullable(), note: z.string().nullable() })),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type BusinessLocation = z.infer<typeof businessLocation>;

/**
 * A location as anyone reads it on a deal's page (issue 40, decision 209): where it is, whether it is open now in
 * words ("Open now · closes 18:00"; null when no hours are published), its weekly hours, and the next dated change
 * of them within 14 days (its opening intervals; none: closed all day). Times are the business's city's local times.
 */
export const publicLocation = z.object({
  id: z.string(),
  name: z.string().nullable(),
  address: z.string(),
  openNow: z.boolean().nullable(),
  openText: z.string().nullable(),
  hours: z.array(z.object({ weekday: z.number(), opensAt: z.string(), closesAt: z.string() })),
  nextException: z.object({
    date: z.string(),
    note: z.string().nullable(),
    hours: z.array(z.object({ opensAt: z.string(), closesAt: z.string() })),
  }).nullable(),
});
export type PublicLocation = z.infer<typeof publicLocation>;

/** How a location is named where several are listed (counter, deal form): its name, else its address. */
export const locationLabel = (l: { name: string | null; address: string }) => l.name ?? l.address;

/** GET /api/merchant/locations/geocode?q=: an address lookup through the configured geocoder (none by default). */
export const geocodeQuery = z.object({
  q: z.string({ error: 'is required' }).trim().min(3, 'must be at least 3 characters').max(LOCATION_ADDRESS_MAX, `must be at most ${LOCATION_ADDRESS_MAX} characters`),
});
export const geocodeMatch = z.object({ label: z.string(), latitude: z.number(), longitude: z.number() });
export type GeocodeMatch = z.infer<typeof geocodeMatch>;

export const LAST_LOCATION_MESSAGE = 'A business keeps at least one location: add another before deleting this one.';
export const GEOCODER_OFF_MESSAGE = 'Address lookup is not set up: place the pin or type the coordinates.';

/**
 * GET /api/map: the map style (MAP_STYLE_URL, decision 209; null when no map is configured), for the members' map
 * and the owner's pin; and whether an address lookup is configured (GEOCODER_URL, decision 208), so the location
 * form offers "Find this address" only then.
 */
export const mapConfig = z.object({ styleUrl: z.string().nullable(), addressLookup: z.boolean() });
export type MapConfig = z.infer<typeof mapConfig>;
