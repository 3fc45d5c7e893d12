import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { compress } from 'hono/compress';
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import type { App } from '../supabase/functions/api/app.ts';
import { isValidObjectKey, type ObjectStore } from '../supabase/functions/api/ports/objects/object-store.ts';
import {
  COMMON_SECURITY_HEADERS, HSTS, inlineScripts, isSecureRequest, scriptHash, webAppCsp,
} from '../supabase/functions/api/http/request-guards.ts';
import { forwardedValue } from '../supabase/functions/api/http/request-guards.ts';
import { logError } from '../supabase/functions/api/ports/log.ts';

export interface LocalServerOptions {
  api: App;
  /** Built web app (vite build output). */
  staticDir: string;
  /** Routes served before the API (the SSE realtime stream, which the Edge Function cannot serve). */
  realtime?: Hono;
  /** The local object store, served under /objects/ (uploads arrive through PUT /api/objects/upload/...). */
  objects?: ObjectStore;
  /** TRUSTED_PROXY_HOPS: X-Forwarded-Proto (for HSTS) is read only when proxies of ours are in front. */
  trustedProxyHops?: number;
  /** The members' map's style and tile origins (MAP_STYLE_URL, MAP_ORIGINS; decision 209), allowed by the CSP. */
  mapOrigins?: string[];
}

/** The web app's CSP: the hashes of the inline scripts of the built pages (index.html, offline.html). */
async function webCspFor(staticDir: string, mapOrigins: string[]): Promise<string> {
  const hashes = new Set<string>();
  for (const page of ['index.html', 'offline.html']) {
    const file = `${staticDir}/${page}`;
    if (!existsSync(file)) continue;
    for (const body of inlineScripts(readFileSync(file, 'utf8'))) hashes.add(await scriptHash(body));
  }
  return webAppCsp([...hashes], mapOrigins);
}

/** The embedded stack's HTTP surface: /api from the Hono app, everything else the PWA with SPA fallback. */
export function createLocalServer({ api, staticDir, realtime, objects, trustedProxyHops = 0, mapOrigins = [] }: LocalServerOptions) {
  const server = new Hono();
  // Errors outside the API (the realtime stream, static files): logged by kind only, never the error object,
  // which for a database error carries the SQL parameters (ports/log.ts).
  server.onError((error, c) => {
    logError(`Unhandled error in ${c.req.method} ${c.req.routePath}`, error);
    return c.json({ message: 'Something went wrong. Please try again.' }, 500);
  });
  // Security headers on every page and file (decision 089); the API and /objects set their own stricter CSP.
  const webCsp = webCspFor(staticDir, mapOrigins);
  server.use('*', async (c, next) => {
    await next();
    const headers = c.res.headers;
    for (const [name, value] of Object.entries(COMMON_SECURITY_HEADERS)) if (!headers.has(name)) c.header(name, value);
    if (!headers.has('Content-Security-Policy')) c.header('Content-Security-Policy', await webCsp);
    if (isSecureRequest(c.req.url, forwardedValue(c.req.header('x-forwarded-proto'), trustedProxyHops))) c.header('Strict-Transport-Security', HSTS);
  });
  if (realtime) server.route('/', realtime);
  server.route('/', api);
  if (objects) server.get('/objects/*', serveObject(objects));

  // The web app goes out compressed, as any production host sends it (the quality budgets are measured
  // against this server): the build's brotli copies (scripts/vite/precompress.ts) to browsers that take them,
  // else gzipped on the fly. Registered after the API, so it wraps only the static files.
  server.use('*', compress());

  const root = relative(process.cwd(), staticDir) || '.';
  const hasBuild = existsSync(`${staticDir}/index.html`);
  server.use('/assets/*', async (c, next) => {
    await next();
    // Only a file that exists is cached for a year (its name carries its hash); a 404 is not cached at all.
    c.header('Cache-Control', c.res.status === 200 ? 'public, max-age=31536000, immutable' : 'no-store');
  });
  server.use('*', async (c, next) => {
    await next();
    // The service worker and the shell must always be revalidated so updates are found.
    if (/\/(sw\.js|index\.html|manifest\.webmanifest)?$/.test(c.req.path) && !c.res.headers.get('Cache-Control')) {
      c.header('Cache-Control', 'no-cache');
    }
  });
  server.use('*', serveStatic({ root, precompressed: true }));
  server.get('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/objects/')) return next();
    // A missing file (a chunk an older deploy had, a typo) is a 404: the app shell served as a script would
    // break an old tab for as long as it was cached (issue 28).
    if (looksLikeFile(c.req.path)) return c.text('Not found', 404, { 'Cache-Control': 'no-store' });
    if (!hasBuild) return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503);
    // A deep link (/merchant/counter, /deals/x) is the app shell too: revalidated like index.html, or a browser
    // may keep an old shell that names chunks the next deploy no longer has (issue 41).
    c.header('Cache-Control', 'no-cache');
    return serveStatic({ root, path: 'index.html', precompressed: true })(c, next);
  });
  return server;
}

/** Paths of build files, never app routes: what the SPA fallback must not answer with index.html. */
const looksLikeFile = (path: string) =>
  path.startsWith('/assets/') || /\.(m?js|css|map|json|webmanifest|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|txt|xml|br|gz|wasm)$/i.test(path);

/** GET /objects/<key>: stored uploads, typed by their bytes, never sniffed, cached for a year (keys never change). */
function serveObject(objects: ObjectStore) {
  return async (c: Context) => {
    const key = decodeURIComponent(c.req.path.slice('/objects/'.length));
    const found = isValidObjectKey(key) ? await objects.get(key) : null;
    if (!found) return c.text('Not found', 404);
    return c.body(found.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': found.contentType,
      'Content-Length': String(found.bytes.byteLength),
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
      'Content-Security-Policy': "default-src 'none'; sandbox",
    });
  };
}
