import { isValidElement } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { Role } from '@shared/constants.ts';
import { paths } from '@/config/paths';
import { authKeys } from '@/lib/auth/get-me';
import { createQueryClient } from '@/lib/query-client';
import { RedirectSignedIn } from './guards/redirect-signed-in';
import { RequireRole } from './guards/require-role';
import { REDIRECTING_SCREENS } from './route-data';
import { type AppRoute, AppRouter, documentTitle, legacyDealRedirect, preloadScreen, routes, ScreenLoadBoundary } from './router';
import { screenPaths } from './screen-paths';

type Access = 'anyone' | 'signed-out' | readonly Role[];

/** Every screen of the router with the guard around it, read off the route objects as react-router sees them. */
function screensOf(list: AppRoute[], access: Access = 'anyone'): { route: AppRoute; access: Access }[] {
  return list.flatMap((route) => {
    if (route.path) return [{ route, access }];
    const guard = route.element;
    if (!isValidElement(guard)) throw new Error('a route without a path is a guard');
    const inner: Access = guard.type === RedirectSignedIn ? 'signed-out' : guard.type === RequireRole ? (guard.props as { roles: readonly Role[] }).roles : access;
    return screensOf(route.children ?? [], inner);
  });
}
const screens = screensOf(routes).filter(({ route }) => route.path !== '*');
const routeAt = (path: string) => screens.find(({ route }) => route.path === path);

describe('the router', () => {
  it('serves exactly the paths of screen-paths.ts (what the build preloads and the service worker answers), once each', () => {
    const served = screens.map(({ route }) => route.path!);
    expect(new Set(served).size).toBe(served.length);
    expect(served.sort()).toEqual(Object.values(screenPaths).flat().sort());
    // And every page of config/paths.ts is one of them (the register link with ?role=merchant is /register).
    const linked = new Set(Object.values(paths).filter((path) => typeof path === 'string').map((path) => path.split('?')[0]));
    expect([...linked].sort()).toEqual(served);
  });

  it("loads each path's screen from the route module screen-paths.ts names for it, which exports the screen", async () => {
    for (const [name, namedPaths] of Object.entries(screenPaths)) {
      const expected = await import(`./routes/${name}.tsx`);
      expect(typeof expected.Component, name).toBe('function');
      for (const path of namedPaths) expect(await routeAt(path)!.route.lazy!(), path).toBe(expected);
    }
  });

  it('puts each screen behind its guard (docs/spec.md sections 2 and 6; decision 166 for the counter)', () => {
    const member = ['USER'];
    const merchant = ['MERCHANT'];
    const counter = ['MERCHANT', 'STAFF'];
    expect(Object.fromEntries(screens.map(({ route, access }) => [route.path, access]))).toEqual({
      '/': 'signed-out', '/login': 'signed-out', '/register': 'signed-out',
      '/forgot-password': 'anyone', '/reset-password': 'anyone', '/verify-email': 'anyone', '/about': 'anyone',
      '/subscribe': 'anyone', '/browse-deals': 'anyone', '/deals/:id': 'anyone', '/counter/pair': 'anyone',
      '/counter/switch': 'anyone', '/staff/accept': 'anyone', '/impact': 'anyone', '/gift': 'anyone', '/gift/:token': 'anyone', '/gift-receipt/:token': 'anyone', '/privacy': 'anyone', '/terms': 'anyone',
      '/app': member, '/deals': member, '/notifications': member, '/test-payments/invoice/:id': member,
      '/merchant': merchant, '/merchant/deals': merchant, '/merchant/collabs': merchant, '/merchant/insights': merchant,
      '/merchant/community': merchant,
      '/merchant/locations': merchant, '/merchant/insights/monthly': merchant,
      '/merchant/counter': counter, '/merchant/counter/board': counter,
      '/profile': ['USER', 'MERCHANT', 'ADMIN', 'STAFF'],
      '/receipts/:id': ['USER', 'MERCHANT', 'ADMIN', 'STAFF'],
      '/admin': ['ADMIN'],
      '/admin/system': ['ADMIN'],
    });
    // route-data.ts prefetches a signed-in user's home data on exactly the screens that send them home.
    expect(screens.filter(({ access }) => access === 'signed-out').map(({ route }) => route.path).sort()).toEqual([...REDIRECTING_SCREENS].sort());
  });

  it('names every screen in the tab, each route module differently, the screen first and the app after it', () => {
    const titleOf = new Map<string, string>();
    for (const { route } of screens) {
      const title = route.handle!.title;
      expect(title.length, route.path).toBeGreaterThan(0);
      titleOf.set(title, titleOf.get(title) ?? route.path!);
      expect(routeAt(titleOf.get(title)!)!.route.lazy, `${route.path} and ${titleOf.get(title)} share "${title}"`).toBe(route.lazy);
    }
    expect(documentTitle('/app')).toBe('Your deals · Pay Local');
    expect(documentTitle('/deals')).toBe('Your deals · Pay Local');
    expect(documentTitle('/deals/d0000000-0000-4000-8000-000000000001')).toBe('Deal · Pay Local');
    expect(documentTitle('/merchant/counter/board/')).toBe("Today's codes · Pay Local");
    expect(documentTitle('/deals/abc/more')).toBe('Page not found · Pay Local');
    expect(documentTitle('/no-such-page')).toBe('Page not found · Pay Local');
  });
});

describe('the first render (decision 135)', () => {
  /** The app's routes at `path` for a signed-out visitor, rendered once (no effects: what the first commit holds). */
  function firstRender(path: string) {
    const client = createQueryClient();
    client.setQueryData(authKeys.me, null);
    return renderToString(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <AppRouter />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  }

  it("is the splash while the screen's chunk has not arrived, and the screen itself once preloadScreen has fetched it", async () => {
    expect(firstRender(paths.privacy)).toContain('aria-busy="true"');
    // Never rendered before: only the preload has fetched its chunk (React.lazy alone would suspend once here).
    await preloadScreen('/terms/');
    const html = firstRender(paths.terms);
    expect(html).not.toContain('aria-busy="true"');
    expect(html).toContain('<h1');
  });

  it('is the not-found page for any other address, with no chunk to wait for', () => {
    expect(firstRender('/no-such-page')).toContain('Page Not Found');
  });

  it('shows a guarded screen to no one without the role', async () => {
    await preloadScreen(paths.admin);
    expect(firstRender(paths.admin)).not.toContain('<h1');
  });
});

describe('legacyDealRedirect', () => {
  it('sends /app?deal=<id> to /deals/<id>, and nothing else anywhere', () => {
    const id = 'd0000000-0000-4000-8000-000000000001';
    expect(legacyDealRedirect('/app', `?deal=${id}`)).toBe(`/deals/${id}`);
    expect(legacyDealRedirect('/app/', `?x=1&deal=${id}`)).toBe(`/deals/${id}`);
    expect(legacyDealRedirect('/app', '?deal=a/b')).toBe('/deals/a%2Fb');
    expect(legacyDealRedirect('/app', '')).toBeNull();
    expect(legacyDealRedirect('/app', '?deal=')).toBeNull();
    expect(legacyDealRedirect('/deals', `?deal=${id}`)).toBeNull();
  });
});

describe('a screen whose chunk could not be downloaded (issue 42)', () => {
  const boundaryAfter = (error: Error) => {
    const boundary = new ScreenLoadBoundary({ children: <p>screen</p> });
    boundary.state = ScreenLoadBoundary.getDerivedStateFromError(error);
    return boundary;
  };
  it("says so in words with a way to try again, never the browser's module error", () => {
    const html = renderToString(boundaryAfter(new TypeError('Failed to fetch dynamically imported module: https://pay.example/assets/profile.js')).render());
    expect(html).toContain('This screen needs a connection the first time. Try again when you&#x27;re online.');
    expect(html).toContain('Try again</button>');
    expect(html).not.toContain('dynamically imported');
  });
  it('passes any other error on, as before', () => {
    expect(() => boundaryAfter(new Error('a bug')).render()).toThrow('a bug');
  });
});
