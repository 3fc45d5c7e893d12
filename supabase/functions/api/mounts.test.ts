import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { mounts } from './app.ts';

/** A URL that the route's path pattern matches: `:id` → `x`, `*` dropped. */
const sample = (path: string) => path.replace(/:[^/{]+(\{[^}]*\})?/g, 'x').replace(/\/\*$/, '') || '/';

describe('route mounts', () => {
  it('gives every route module its own prefix, none at /', () => {
    const prefixes = mounts.map(([prefix]) => prefix);
    expect(prefixes.filter((prefix) => prefix === '/' || prefix === '')).toEqual([]);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it('lets no two modules answer the same request, so the mount order does not matter', () => {
    const app = new Hono();
    const owner = new Map<unknown, string>();
    for (const [prefix, routes] of mounts) {
      for (const route of routes.routes) owner.set(route.handler, prefix);
      app.route(prefix, routes);
    }
    const overlaps: string[] = [];
    let checked = 0;
    for (const route of app.routes) {
      if (route.method === 'ALL') continue; // a module's own middleware
      const url = sample(route.path);
      // Hono's router holds [handler, route] pairs; a match lists them with their parameters.
      const [matches] = app.router.match(route.method, url) as unknown as [[[unknown, unknown], unknown][]];
      const modules = new Set(matches.map(([[handler]]) => owner.get(handler)).filter(Boolean));
      if (modules.size !== 1) overlaps.push(`${route.method} ${url}: ${[...modules].join(', ')}`);
      checked += 1;
    }
    expect(overlaps).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });

  it('keeps the spec URLs of the split modules', () => {
    const app = new Hono();
    for (const [prefix, routes] of mounts) app.route(prefix, routes);
    const paths = new Set(app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`));
    for (const expected of [
      'GET /cities', 'GET /charities', 'GET /deals/offline-codes', 'GET /merchant/deals/offline-codes',
      'GET /businesses/:id/follow-status', 'POST /businesses/:id/follow', 'DELETE /businesses/:id/follow', 'GET /user/following',
      'GET /payments/config', 'POST /create-subscription', 'POST /complete-subscription', 'GET /subscription/status',
      'GET /subscription/details', 'POST /subscription/pause', 'POST /subscription/cancel', 'GET /businesses/search',
      'POST /auth/profile-picture', 'DELETE /auth/profile-picture',
    ]) expect(paths, expected).toContain(expected);
  });
});
