import { serveStatic } from '@hono/node-server/serve-static';
import { Hono } from 'hono';
import { existsSync } from 'node:fs';
import { relative } from 'node:path';
import type { App } from '../supabase/functions/api/app.ts';

export interface LocalServerOptions {
  api: App;
  /** Built web app (vite build output). */
  staticDir: string;
  /** Routes served before the API (the SSE realtime stream, which the Edge Function cannot serve). */
  realtime?: Hono;
}

/** The embedded stack's HTTP surface: /api from the Hono app, everything else the PWA with SPA fallback. */
export function createLocalServer({ api, staticDir, realtime }: LocalServerOptions) {
  const server = new Hono();
  if (realtime) server.route('/', realtime);
  server.route('/', api);

  const root = relative(process.cwd(), staticDir) || '.';
  const hasBuild = existsSync(`${staticDir}/index.html`);
  server.use('/assets/*', async (c, next) => {
    await next();
    c.header('Cache-Control', 'public, max-age=31536000, immutable');
  });
  server.use('*', async (c, next) => {
    await next();
    // The service worker and the shell must always be revalidated so updates are found.
    if (/\/(sw\.js|index\.html|manifest\.webmanifest)?$/.test(c.req.path) && !c.res.headers.get('Cache-Control')) {
      c.header('Cache-Control', 'no-cache');
    }
  });
  server.use('*', serveStatic({ root }));
  server.get('*', async (c, next) => {
    if (c.req.path.startsWith('/api/') || c.req.path.startsWith('/objects/')) return next();
    if (!hasBuild) return c.text('The web app is not built yet: run `npm run build` (npm start does it for you).', 503);
    return serveStatic({ root, path: 'index.html' })(c, next);
  });
  return server;
}
