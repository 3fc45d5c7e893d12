// The location form's values (strings, as typed) and the body the API takes (issue 40). The API validates again
// and answers in words; here only what the form itself can get wrong: a coordinate that is not a number.
import type { BusinessLocation, CreateLocationBody, GeocodeMatch } from '@shared/contract/index.ts';

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export interface HoursRow { weekday: number; opensAt: string; closesAt: string }
export interface ExceptionRow { date: string; closed: boolean; opensAt: string; closesAt: string; note: string }

export interface LocationFormValues {
  name: string;
  address: string;
  phone: string;
  latitude: string;
  longitude: string;
  hours: HoursRow[];
  exceptions: ExceptionRow[];
}

export const emptyLocationForm = (): LocationFormValues => ({ name: '', address: '', phone: '', latitude: '', longitude: '', hours: [], exceptions: [] });

export const formValuesOf = (location: BusinessLocation): LocationFormValues => ({
  name: location.name ?? '',
  address: location.address,
  phone: location.phone ?? '',
  latitude: location.latitude === null ? '' : String(location.latitude),
  longitude: location.longitude === null ? '' : String(location.longitude),
  hours: location.hours.map((h) => ({ ...h })),
  exceptions: location.exceptions.map((e) => ({
    date: e.date, closed: e.opensAt === null, opensAt: e.opensAt ?? '', closesAt: e.closesAt ?? '', note: e.note ?? '',
  })),
});

/** A typed coordinate: '' is none; anything else must read as a number. */
function coordinate(text: string): number | null | 'invalid' {
  const trimmed = text.trim().replace(',', '.');
  if (trimmed === '') return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : 'invalid';
}

export type LocationPayload = { ok: true; payload: Required<Pick<CreateLocationBody, 'address' | 'name' | 'phone' | 'latitude' | 'longitude' | 'hours' | 'exceptions'>> } | { ok: false; message: string };

/** The whole location as the API takes it (POST, and PATCH with every field). */
export function locationPayload(values: LocationFormValues): LocationPayload {
  const latitude = coordinate(values.latitude);
  const longitude = coordinate(values.longitude);
  if (latitude === 'invalid') return { ok: false, message: 'The latitude must be a number of degrees, such as 40.2247' };
  if (longitude === 'invalid') return { ok: false, message: 'The longitude must be a number of degrees, such as -105.2714' };
  return {
    ok: true,
    payload: {
      name: values.name.trim() || null,
      address: values.address,
      phone: values.phone.trim() || null,
      latitude,
      longitude,
      hours: values.hours.map((h) => ({ weekday: h.weekday, opensAt: h.opensAt, closesAt: h.closesAt })),
      exceptions: values.exceptions.map((e) => ({
        date: e.date, opensAt: e.closed ? null : e.opensAt, closesAt: e.closed ? null : e.closesAt, note: e.note.trim() || null,
      })),
    },
  };
}

/** One weekday's intervals as a short line: "08:00–12:00, 13:00–18:00"; an interval past midnight says so. */
export function dayHoursText(hours: readonly HoursRow[], weekday: number): string {
  const rows = hours.filter((h) => h.weekday === weekday).sort((a, b) => a.opensAt.localeCompare(b.opensAt));
  if (rows.length === 0) return 'Closed';
  return rows.map((h) => `${h.opensAt}–${h.closesAt}${h.closesAt < h.opensAt ? ' (next day)' : ''}`).join(', ');
}

/** Degrees as the form shows a placed pin: 6 decimals (about 10 cm), no trailing zeros. */
export const roundDegrees = (degrees: number): string => String(Math.round(degrees * 1e6) / 1e6);

export interface Pin { latitude: number; longitude: number }

/** The pin the typed fields name, or null while they name none (empty, half typed, not numbers, out of range). */
export function typedPin(values: Pick<LocationFormValues, 'latitude' | 'longitude'>): Pin | null {
  const latitude = coordinate(values.latitude);
  const longitude = coordinate(values.longitude);
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** A pin placed on the map or found for the address, as the form's fields. */
export const pinFields = (pin: Pin): Pick<LocationFormValues, 'latitude' | 'longitude'> => ({
  latitude: roundDegrees(pin.latitude), longitude: roundDegrees(pin.longitude),
});

/**
 * Why the map is not offered, as a sentence, or null when it is. The typed fields always stay: no map is needed to
 * place a location (decision 208).
 */
export function pinMapNote({ styleUrl, online, failed }: { styleUrl: string | null | undefined; online: boolean; failed: boolean }): string | null {
  if (!online) return 'The map needs a connection: type the latitude and longitude instead.';
  if (failed) return 'The map could not load: type the latitude and longitude instead.';
  if (styleUrl === null) return 'No map is set up here: type the latitude and longitude.';
  return null;
}

export const NO_PLACE_FOUND = 'No place found for that address. Check it, or place the pin yourself.';

/** The geocoder's places for the address: the first fills the pin, the others are offered; none is said in words. */
export function lookupAnswer(matches: readonly GeocodeMatch[]): { found: GeocodeMatch; others: GeocodeMatch[] } | { problem: string } {
  const [found, ...others] = matches;
  return found ? { found, others } : { problem: NO_PLACE_FOUND };
}
