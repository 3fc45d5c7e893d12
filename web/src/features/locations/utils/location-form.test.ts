import { describe, expect, it } from 'vitest';
import { dayHoursText, emptyLocationForm, formValuesOf, locationPayload } from './location-form';

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
