import type { Plugin } from 'vite';
import { DEFAULT_CITY } from '../../supabase/functions/_shared/constants.ts';

// index.html's early requests (an inline classic script, run before any module loads) pick the member home's default
// city by the same rule as lib/cities.ts pickDefaultCity. The town itself has one home, _shared/constants.ts: the page
// holds a placeholder the build (and the dev server) replaces with it, lower-cased as the rule compares. The inline
// script's CSP hash is computed from the built page (scripts/vite/security-headers.ts, local/server.ts).

export const DEFAULT_CITY_PLACEHOLDER = '__DEFAULT_CITY__';

/** index.html with the default town written into its early requests; throws when the placeholder is missing. */
export function withDefaultCity(html: string): string {
  if (!html.includes(DEFAULT_CITY_PLACEHOLDER)) {
    throw new Error(`index.html: no ${DEFAULT_CITY_PLACEHOLDER} for the early requests' default city`);
  }
  const town = JSON.stringify({ name: DEFAULT_CITY.name.toLowerCase(), state: DEFAULT_CITY.state.toLowerCase() });
  return html.replaceAll(DEFAULT_CITY_PLACEHOLDER, town);
}

export function defaultCityPlugin(): Plugin {
  return {
    name: 'pay-local-default-city',
    // Only the app's page (a public page such as offline.html is copied as it is, but be sure).
    transformIndexHtml: { order: 'pre', handler: (html, context) => (context.path.endsWith('/index.html') ? withDefaultCity(html) : html) },
  };
}
