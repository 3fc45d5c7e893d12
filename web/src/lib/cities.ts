import { DEFAULT_CITY, DEFAULT_CITY_NAME } from '@shared/constants.ts';
import type { City } from '@shared/contract/index.ts';

/** "Lyons, Colorado" */
export function cityLabel(city: Pick<City, 'name' | 'state'>): string {
  return `${city.name}, ${city.state}`;
}

/**
 * The preselected city (docs/spec.md section 2, member home): the one whose name contains DEFAULT_CITY's name and whose
 * state contains its state ("lyons", "colorado"), ignoring case; otherwise the first city; undefined for an empty list.
 */
export function pickDefaultCity<T extends Pick<City, 'name' | 'state'>>(cities: readonly T[]): T | undefined {
  const name = DEFAULT_CITY.name.toLowerCase();
  const state = DEFAULT_CITY.state.toLowerCase();
  return cities.find((c) => c.name.toLowerCase().includes(name) && c.state.toLowerCase().includes(state)) ?? cities[0];
}

/** A merchant's cityName at registration: the chosen city as "name, state", or the default town when none matches. */
export function merchantCityName(cities: readonly City[], cityId: string | null | undefined): string {
  const city = cityId ? cities.find((c) => c.id === cityId) : undefined;
  return city ? cityLabel(city) : DEFAULT_CITY_NAME;
}
