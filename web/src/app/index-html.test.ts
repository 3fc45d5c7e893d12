import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { inlineScripts } from '../../../supabase/functions/api/http/request-guards.ts';
import { DEFAULT_CITY_PLACEHOLDER, withDefaultCity } from '../../../scripts/vite/default-city.ts';
import { pickDefaultCity } from '@/lib/cities';
import { screenPaths } from './screen-paths';

// index.html's inline script (the one that asks for the first screen's data while the app's code downloads),
// run as a browser would run it (as built: the default town written in), against a fake server.
const SOURCE_HTML = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
const INDEX_HTML = withDefaultCity(SOURCE_HTML);
const EARLY_SCRIPT = inlineScripts(INDEX_HTML).find((body) => body.includes('__payLocalEarly'))!;

const MEMBER = { id: 'u1', role: 'USER', subscriptionStatus: 'active' };
const CITIES = [
  { id: 'boulder', name: 'Boulder', state: 'Colorado' },
  { id: 'lyons-co', name: 'Town of Lyons', state: 'COLORADO' },
];

interface EarlyWindow {
  __payLocalEarly?: Record<string, Promise<Response | null>>;
}

/** Lets the script's promise chains run to the end. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

function runEarlyScript(pathname: string, { me = { user: MEMBER } as unknown, meStatus = 200, cities = CITIES as unknown } = {}) {
  const asked: string[] = [];
  const fetch = async (url: string) => {
    asked.push(url);
    if (url === '/api/auth/me') return new Response(JSON.stringify(me), { status: meStatus });
    if (url === '/api/cities') return new Response(JSON.stringify(cities));
    return new Response('[]');
  };
  const window: EarlyWindow = {};
  runInNewContext(EARLY_SCRIPT, { window, location: { pathname }, fetch, URLSearchParams, Promise });
  return { asked, window };
}

describe("index.html's early requests", () => {
  it("on /app, an active member's default city's first page: the URL the member deals query asks for", async () => {
    const { asked, window } = runEarlyScript('/app');
    await settle();
    // lib/cities.ts pickDefaultCity's rule, and get-member-deals.ts's URL of a first page.
    expect(pickDefaultCity(CITIES)?.id).toBe('lyons-co');
    const dealsUrl = `/api/deals?${new URLSearchParams({ cityId: 'lyons-co', category: 'all' })}`;
    expect(asked).toEqual(['/api/auth/me', '/api/cities', dealsUrl]);
    expect(Object.keys(window.__payLocalEarly!)).toEqual(asked);
    expect(await (await window.__payLocalEarly![dealsUrl])?.json()).toEqual([]);
    // The app still reads both first answers' bodies (the script read copies).
    expect(await (await window.__payLocalEarly!['/api/auth/me'])?.json()).toEqual({ user: MEMBER });
    expect(await (await window.__payLocalEarly!['/api/cities'])?.json()).toEqual(CITIES);
  });

  it('without a Lyons, Colorado, the first city (pickDefaultCity)', async () => {
    const cities = [{ id: 'b', name: 'Boulder', state: 'Colorado' }, { id: 'l', name: 'Lyons', state: 'Oregon' }];
    const { asked } = runEarlyScript('/deals/', { cities });
    await settle();
    expect(asked.at(-1)).toBe(`/api/deals?cityId=${pickDefaultCity(cities)!.id}&category=all`);
  });

  it.each([
    ['signed out', { me: { message: 'Unauthorized' }, meStatus: 401 }],
    ['a merchant', { me: { user: { ...MEMBER, role: 'MERCHANT' } } }],
    ['a member without an active membership', { me: { user: { ...MEMBER, subscriptionStatus: 'past_due' } } }],
    ['no city yet', { cities: [] }],
  ])('asks for no deals when %s', async (_, answers) => {
    const { asked } = runEarlyScript('/app', answers);
    await settle();
    expect(asked).toEqual(['/api/auth/me', '/api/cities']);
  });

  it('asks for nothing more when offline (no answer at all)', async () => {
    const window: EarlyWindow = {};
    const asked: string[] = [];
    const fetch = (url: string) => {
      asked.push(url);
      return Promise.reject(new TypeError('Failed to fetch'));
    };
    runInNewContext(EARLY_SCRIPT, { window, location: { pathname: '/app' }, fetch, URLSearchParams, Promise });
    await settle();
    expect(await window.__payLocalEarly!['/api/auth/me']).toBeNull();
    expect(asked).toEqual(['/api/auth/me', '/api/cities']);
  });

  it('on any other screen, asks only who is signed in', async () => {
    for (const pathname of ['/', '/browse-deals', '/deals/d1', '/profile', '/application']) {
      const { asked, window } = runEarlyScript(pathname);
      await settle();
      expect(asked, pathname).toEqual(['/api/auth/me']);
      expect(Object.keys(window.__payLocalEarly!), pathname).toEqual(['/api/auth/me']);
    }
  });

  it('holds no town of its own: the build writes in _shared/constants.ts DEFAULT_CITY', () => {
    expect(SOURCE_HTML).toContain(DEFAULT_CITY_PLACEHOLDER);
    expect(SOURCE_HTML.toLowerCase()).not.toMatch(/lyons|colorado/);
    expect(INDEX_HTML).not.toContain(DEFAULT_CITY_PLACEHOLDER);
    expect(() => withDefaultCity('<script>var home = null;</script>')).toThrow(DEFAULT_CITY_PLACEHOLDER);
  });

  it("the screens it asks on are exactly the member home's paths", () => {
    const memberHomePaths = [...screenPaths['member-home']];
    expect(memberHomePaths.sort()).toEqual(['/app', '/deals']);
    for (const path of memberHomePaths) expect(runEarlyScript(path).asked, path).toContain('/api/cities');
  });
});
