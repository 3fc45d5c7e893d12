import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { inlineScripts } from '../../../supabase/functions/api/lib/security-headers.ts';
import { pickDefaultCity } from '@/lib/cities';
import type { EarlyDealsPage } from '@/lib/early-answers';
import { routeTable } from './routes/route-table';

// index.html's inline script (the one that asks for the first screen's data while the app's code downloads),
// run as a browser would run it, against a fake server.
const INDEX_HTML = readFileSync(join(import.meta.dirname, '..', '..', 'index.html'), 'utf8');
const EARLY_SCRIPT = inlineScripts(INDEX_HTML).find((body) => body.includes('__payLocalFirstDeals'))!;

const MEMBER = { id: 'u1', role: 'USER', subscriptionStatus: 'active' };
const CITIES = [
  { id: 'boulder', name: 'Boulder', state: 'Colorado' },
  { id: 'lyons-co', name: 'Town of Lyons', state: 'COLORADO' },
];

interface EarlyWindow {
  __payLocalSession?: Promise<Response | null>;
  __payLocalCities?: Promise<Response | null>;
  __payLocalFirstDeals?: Promise<EarlyDealsPage | null>;
}

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
    const page = await window.__payLocalFirstDeals;
    // lib/cities.ts pickDefaultCity's rule, and get-member-deals.ts's URL of a first page.
    expect(pickDefaultCity(CITIES)?.id).toBe('lyons-co');
    expect(page?.url).toBe(`/api/deals?${new URLSearchParams({ cityId: 'lyons-co', category: 'all' })}`);
    expect(await (await page!.answer)?.json()).toEqual([]);
    expect(asked).toEqual(['/api/auth/me', '/api/cities', page!.url]);
    // The app still reads both answers' bodies (the script read copies).
    expect(await (await window.__payLocalSession)?.json()).toEqual({ user: MEMBER });
    expect(await (await window.__payLocalCities)?.json()).toEqual(CITIES);
  });

  it('without a Lyons, Colorado, the first city (pickDefaultCity)', async () => {
    const cities = [{ id: 'b', name: 'Boulder', state: 'Colorado' }, { id: 'l', name: 'Lyons', state: 'Oregon' }];
    const { window } = runEarlyScript('/deals/', { cities });
    expect((await window.__payLocalFirstDeals)?.url).toBe(`/api/deals?cityId=${pickDefaultCity(cities)!.id}&category=all`);
  });

  it.each([
    ['signed out', { me: { message: 'Unauthorized' }, meStatus: 401 }],
    ['a member without an active membership', { me: { user: { ...MEMBER, subscriptionStatus: 'past_due' } } }],
    ['a merchant', { me: { user: { ...MEMBER, role: 'MERCHANT' } } }],
    ['no city yet', { cities: [] }],
  ])('asks for no deals when %s', async (_, answers) => {
    const { asked, window } = runEarlyScript('/app', answers);
    expect(await window.__payLocalFirstDeals).toBeNull();
    expect(asked).toEqual(['/api/auth/me', '/api/cities']);
  });

  it('asks for no deals when offline (no answer at all)', async () => {
    const window: EarlyWindow = {};
    const fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    runInNewContext(EARLY_SCRIPT, { window, location: { pathname: '/app' }, fetch, URLSearchParams, Promise });
    expect(await window.__payLocalSession).toBeNull();
    expect(await window.__payLocalFirstDeals).toBeNull();
  });

  it('on any other screen, asks only who is signed in', async () => {
    for (const pathname of ['/', '/browse-deals', '/deals/d1', '/profile', '/application']) {
      const { asked, window } = runEarlyScript(pathname);
      expect(asked, pathname).toEqual(['/api/auth/me']);
      expect(window.__payLocalFirstDeals, pathname).toBeUndefined();
    }
  });

  it("the screens it asks on are exactly the route table's member home screens", () => {
    const memberHomePaths = routeTable.filter((route) => route.prefetch === 'memberHome').map((route) => route.path);
    expect(memberHomePaths.sort()).toEqual(['/app', '/deals']);
    for (const path of memberHomePaths) expect(runEarlyScript(path).asked, path).toContain('/api/cities');
  });
});
