import { describe, expect, it } from 'vitest';
import { DEFAULT_CITY_NAME } from '@shared/constants.ts';
import { cityLabel, merchantCityName, pickDefaultCity } from './cities';

const boulder = { id: 'b', name: 'Boulder', state: 'Colorado' };
const lyonsKs = { id: 'k', name: 'Lyons', state: 'Kansas' };
const lyonsCo = { id: 'l', name: 'LYONS', state: 'colorado' };

describe('pickDefaultCity', () => {
  it('prefers a Lyons in Colorado, ignoring case', () => {
    expect(pickDefaultCity([boulder, lyonsKs, lyonsCo])).toBe(lyonsCo);
  });

  it('matches by "contains", not equality', () => {
    const town = { id: 't', name: 'Town of Lyons', state: 'Colorado (CO)' };
    expect(pickDefaultCity([boulder, town])).toBe(town);
  });

  it('falls back to the first city, or undefined for none', () => {
    expect(pickDefaultCity([boulder, lyonsKs])).toBe(boulder);
    expect(pickDefaultCity([])).toBeUndefined();
  });
});

describe('merchantCityName', () => {
  it('is "name, state" of the chosen city', () => {
    expect(cityLabel(boulder)).toBe('Boulder, Colorado');
    expect(merchantCityName([boulder, lyonsCo], 'b')).toBe('Boulder, Colorado');
  });

  it('defaults when no city is chosen or the id is unknown', () => {
    expect(DEFAULT_CITY_NAME).toBe('Lyons, Colorado');
    expect(merchantCityName([boulder], '')).toBe(DEFAULT_CITY_NAME);
    expect(merchantCityName([boulder], 'missing')).toBe(DEFAULT_CITY_NAME);
    expect(merchantCityName([], null)).toBe(DEFAULT_CITY_NAME);
  });
});
