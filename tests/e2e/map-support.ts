import type { BrowserContext, Page } from '@playwright/test';

/** A local map style (a background layer only), as a deployment's MAP_STYLE_URL would name one: no tile host is asked. */
const LOCAL_STYLE = { version: 8, sources: {}, layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#e7e5e4' } }] };

/**
 * GET /api/map answers the local style (and whether an address lookup is on) for this page or context, and the
 * style itself is served: the maps (decision 209) run in headless Chromium's WebGL with no network beyond the app.
 */
export async function serveLocalMapStyle(target: Page | BrowserContext, baseURL: string, { addressLookup = false } = {}) {
  await target.route('**/api/map', (route) => route.fulfill({ json: { styleUrl: `${baseURL}/e2e-map-style.json`, addressLookup } }));
  await target.route('**/e2e-map-style.json', (route) => route.fulfill({ json: LOCAL_STYLE }));
}
