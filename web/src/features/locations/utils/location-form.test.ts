import { describe, expect, it } from 'vitest';
import {
  dayHoursText, emptyLocationForm, formValuesOf, locationPayload, lookupAnswer, NO_PLACE_FOUND, pinFields, pinMapNote, roundDegrees, typedPin,
} from './location-form';

describe('locationPayload', () => {
  it('sends typed coordinates as numbers, blanks as null, a closed day without times', () => {
    const result = locationPayload({
      ...emptyLocationForm(), name: ' ', address: '12 Main St', latitude: '40,2247', longitude: ' -105.2714 ',
      hours: [{ weekday: 5, opensAt: '18:00', closesAt: '02:00' }],
      exceptions: [{ date: '2026-12-25', closed: true, opensAt: '09:00', closesAt: '10:00', note: 'Christmas' }],
    });
    expect(result).toEqual({ ok: true, payload: {
      name: null, address: '12 Main St', phone: null, latitude: 40.2247, longitude: -105.2714,
      hours: [{ weekday: 5, opensAt: '18:00', closesAt: '02:00' }],
      exceptions: [{ date: '2026-12-25', opensAt: null, closesAt: null, note: 'Christmas' }],
    } });
  });

  it('refuses a coordinate that is not a number, in words', () => {
    expect(locationPayload({ ...emptyLocationForm(), address: 'x', latitude: 'north', longitude: '1' }))
      .toEqual({ ok: false, message: 'The latitude must be a number of degrees, such as 40.2247' });
  });

  it('round-trips a stored location', () => {
    const values = formValuesOf({
      id: 'l', name: null, address: 'a', latitude: null, longitude: null, phone: null, createdAt: '', updatedAt: '',
      hours: [{ weekday: 1, opensAt: '08:00', closesAt: '12:00' }],
      exceptions: [{ date: '2026-12-24', opensAt: '08:00', closesAt: '12:00', note: null }],
    });
    expect(values).toMatchObject({ latitude: '', exceptions: [{ closed: false, opensAt: '08:00', note: '' }] });
  });
});

describe('dayHoursText', () => {
  it('lists a day in order, says closed, and marks an interval past midnight', () => {
    const hours = [{ weekday: 1, opensAt: '13:00', closesAt: '18:00' }, { weekday: 1, opensAt: '08:00', closesAt: '12:00' }, { weekday: 5, opensAt: '18:00', closesAt: '02:00' }];
    expect(dayHoursText(hours, 1)).toBe('08:00–12:00, 13:00–18:00');
    expect(dayHoursText(hours, 5)).toBe('18:00–02:00 (next day)');
    expect(dayHoursText(hours, 2)).toBe('Closed');
  });
});

describe('the pin in the form (issue 40)', () => {
  it('rounds a placed pin to 6 decimals, as the fields show it', () => {
    expect(roundDegrees(40.224743149)).toBe('40.224743');
    expect(roundDegrees(-105.27138651)).toBe('-105.271387');
    expect(roundDegrees(40.5)).toBe('40.5');
    expect(pinFields({ latitude: 40.0176004, longitude: -105.27970049 })).toEqual({ latitude: '40.0176', longitude: '-105.2797' });
  });

  it('reads the typed fields as a pin only when both are numbers in range', () => {
    expect(typedPin({ latitude: '40,2247', longitude: ' -105.2714' })).toEqual({ latitude: 40.2247, longitude: -105.2714 });
    expect(typedPin({ latitude: '40.2247', longitude: '' })).toBeNull();
    expect(typedPin({ latitude: '', longitude: '' })).toBeNull();
    expect(typedPin({ latitude: 'north', longitude: '1' })).toBeNull();
    expect(typedPin({ latitude: '91', longitude: '1' })).toBeNull();
    expect(typedPin({ latitude: '1', longitude: '-181' })).toBeNull();
  });

  it('says why there is no map, in words, and nothing when there is one', () => {
    expect(pinMapNote({ styleUrl: 'https://tiles.example/style.json', online: true, failed: false })).toBeNull();
    // Still asking whether a style is configured: no sentence yet.
    expect(pinMapNote({ styleUrl: undefined, online: true, failed: false })).toBeNull();
    expect(pinMapNote({ styleUrl: null, online: true, failed: false })).toBe('No map is set up here: type the latitude and longitude.');
    expect(pinMapNote({ styleUrl: 'https://tiles.example/style.json', online: false, failed: false })).toMatch(/^The map needs a connection/);
    expect(pinMapNote({ styleUrl: 'https://tiles.example/style.json', online: true, failed: true })).toMatch(/^The map could not load/);
  });

  it('takes the first place the address lookup finds and offers the others; none is said', () => {
    const a = { label: '12, Main Street, Lyons', latitude: 40.2247431, longitude: -105.2713865 };
    const b = { label: '12, Main Street, Longmont', latitude: 40.16, longitude: -105.1 };
    expect(lookupAnswer([a, b])).toEqual({ found: a, others: [b] });
    expect(lookupAnswer([])).toEqual({ problem: NO_PLACE_FOUND });
    expect(NO_PLACE_FOUND).toMatch(/^No place found for that address/);
  });
});
