// A geocoder speaking Nominatim's search API (GET {base}/search?format=jsonv2&q=...): OpenStreetMap's own server,
// or any self-hosted or commercial Nominatim. Its answer is a JSON array of places with display_name and lat/lon
// as decimal strings (https://nominatim.org/release-docs/latest/api/Search/).
import type { GeocodeMatch } from '../../../_shared/contract/locations.ts';
import type { Geocoder } from './geocoder-port.ts';

const RESULTS = 5;
const TIMEOUT_MS = 5_000;

type NominatimPlace = { display_name?: unknown; lat?: unknown; lon?: unknown };

export function nominatimGeocoder({ baseUrl, userAgent, fetch: fetchImpl = fetch }: {
  baseUrl: string;
  /** Nominatim's usage policy asks every application to name itself. */
  userAgent: string;
  fetch?: typeof fetch;
}): Geocoder {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async search(query) {
      const url = `${base}/search?${new URLSearchParams({ format: 'jsonv2', limit: String(RESULTS), q: query })}`;
      const res = await fetchImpl(url, { headers: { accept: 'application/json', 'user-agent': userAgent }, signal: AbortSignal.timeout(TIMEOUT_MS) });
      if (!res.ok) throw new Error(`geocoder answered ${res.status}`);
      const places = (await res.json()) as unknown;
      if (!Array.isArray(places)) throw new Error('geocoder answered something other than a list');
      const matches: GeocodeMatch[] = [];
      for (const place of places as NominatimPlace[]) {
        const latitude = Number(place.lat);
        const longitude = Number(place.lon);
        if (typeof place.display_name !== 'string' || !Number.isFinite(latitude) || !Number.isFinite(longitude)) continue;
        if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) continue;
        matches.push({ label: place.display_name, latitude, longitude });
      }
      return matches.slice(0, RESULTS);
    },
  };
}
