// The members' map (decision 209): its style URL from MAP_STYLE_URL (none by default), and the web's CSP allowing
// the configured style and tile origins, and nothing else.
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { COMMON_SECURITY_HEADERS, mapOrigins, webAppCsp } from '../http/request-guards.ts';

const apps: TestApp[] = [];
afterAll(async () => { for (const app of apps) await app.close(); });

describe('GET /api/map', () => {
  it('answers no style and no address lookup unless MAP_STYLE_URL and GEOCODER_URL are set', async () => {
    const t = await createTestApp();
    apps.push(t);
    const res = await t.agent().get('/api/map');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ styleUrl: null, addressLookup: false });
  });

  it('answers the configured style URL', async () => {
    const t = await createTestApp({ MAP_STYLE_URL: 'https://tiles.example/styles/liberty.json' });
    apps.push(t);
    expect((await t.agent().get('/api/map')).body).toEqual({ styleUrl: 'https://tiles.example/styles/liberty.json', addressLookup: false });
  });
});

describe("the web's policy for the map", () => {
  it('allows the style and tile origins configured, in connect-src and img-src only', () => {
    const origins = mapOrigins({ MAP_STYLE_URL: 'https://tiles.example/styles/liberty.json', MAP_ORIGINS: 'https://a.tiles.example/x, https://glyphs.example' });
    expect(origins).toEqual(['https://tiles.example', 'https://a.tiles.example', 'https://glyphs.example']);
    const csp = Object.fromEntries(webAppCsp([], origins).split('; ').map((d) => [d.split(' ')[0], d]));
    for (const origin of origins) {
      expect(csp['connect-src']).toContain(origin);
      expect(csp['img-src']).toContain(origin);
      expect(csp['script-src']).not.toContain(origin);
    }
    expect(csp['worker-src']).toBe("worker-src 'self'");
  });

  it('allows no map host when none is configured', () => {
    expect(mapOrigins({})).toEqual([]);
    expect(webAppCsp([])).not.toContain('tiles');
    expect(() => mapOrigins({ MAP_ORIGINS: 'not a url' })).toThrow(/MAP_ORIGINS/);
  });

  it("lets the app's own pages ask for the position (Near me), no other origin", () => {
    expect(COMMON_SECURITY_HEADERS['Permissions-Policy']).toContain('geolocation=(self)');
  });
});
