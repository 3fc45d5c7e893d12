import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorMessage } from '@/lib/api-error';
import { findAddress } from './find-address';

afterEach(() => { vi.unstubAllGlobals(); });

describe('findAddress (issue 40)', () => {
  it('asks the geocoder route with the address as typed, trimmed, and answers its places', async () => {
    const asked: string[] = [];
    const place = { label: '12, Main Street, Lyons', latitude: 40.2247431, longitude: -105.2713865 };
    vi.stubGlobal('fetch', vi.fn(async (url: string) => { asked.push(url); return Response.json([place]); }));
    expect(await findAddress(' 12 Main St, Lyons ')).toEqual([place]);
    expect(asked).toEqual(['/api/merchant/locations/geocode?q=12+Main+St%2C+Lyons']);
  });

  it("fails with the API's words when the geocoder does not answer", async () => {
    const message = 'The address lookup did not answer: try again, or type the coordinates.';
    vi.stubGlobal('fetch', vi.fn(async () => Response.json({ message }, { status: 502 })));
    await expect(findAddress('12 Main St').catch(errorMessage)).resolves.toBe(message);
  });
});
