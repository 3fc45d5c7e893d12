import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';
import { screenPaths } from './web/src/app/screen-paths.ts';
import { defaultCityPlugin } from './scripts/vite/default-city.ts';
import { inlineEntryFacadePlugin } from './scripts/vite/inline-entry-facade.ts';
import { precompress } from './scripts/vite/precompress.ts';
import { routePreloads } from './scripts/vite/route-preloads.ts';
import { securityHeadersFile } from './scripts/vite/security-headers.ts';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The local API server (local/main.ts) listens on PORT, 3000 by default.
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

/**
 * The app's screens (web/src/app/screen-paths.ts): offline, the service worker answers these with the cached app shell.
 * Workbox matches pathname + search, hence the optional query (/register?role=merchant).
 */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const appRoutes = Object.values(screenPaths).flat().map(
  // A `:param` segment (/deals/:id) matches any one segment.
  (path) => new RegExp(`^${path === '/' ? '' : escapeRegExp(path).replace(/:[A-Za-z]+/g, '[^/?#]+')}/?(\\?.*)?$`),
);

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  resolve: {
    alias: {
      '@shared': fromRoot('./supabase/functions/_shared'),
      '@': fromRoot('./web/src'),
    },
  },
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }],
          // Route-level splitting leaves many tiny shared chunks (a badge, a card, a query key factory); each is
          // one more request on a phone's slow connection before a screen can render. Small stateless ones are
          // copied into the screens that use them instead. Modules that hold state are never copied.
          experimentalInlineCommonChunks: { maxSize: 12_000, exclude: [/web[\\/]src[\\/]lib[\\/](pwa|outbox|realtime|network)[\\/]/, /toast/] },
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/objects': { target: apiTarget, changeOrigin: false },
    },
  },
  plugins: [
    react(),
    routePreloads({ srcDir: fromRoot('./web/src') }),
    defaultCityPlugin(),
    inlineEntryFacadePlugin(),
    securityHeadersFile(),
    precompress(),
    tailwindcss(),
    VitePWA({
      // 'prompt': a new service worker waits until the person presses Reload in the "Update available" prompt.
      registerType: 'prompt',
      // Registered by web/src/app/register-service-worker.ts (the prompt and the busy flag live there).
      injectRegister: false,
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
      // The icons are precached once, by globPatterns below (the plugin would add the manifest's a second time).
      includeManifestIcons: false,
      manifest: {
        name: 'Pay Local',
        short_name: 'Pay Local',
        description: 'Pay Local, Save Big: rotating discount codes from small, family-owned local businesses.',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        theme_color: '#3a6b1f',
        background_color: '#f7faf2',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512-maskable.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest}'],
        // Insights (charts) is a screen of figures fetched live: no use offline, so its chunks stay out of the
        // precache (1.5 MB budget) and are cached on first use by the 'lazy-screens' rule below. So is the counter's
        // QR decoder (jsQR, 130 kB): the counter screen fetches it once it is up and keeps it in the 'counter-decoder'
        // cache below (decision 167, issue 38). The community feed is live talk, read and written online only: its
        // chunks too (decision 196). So are the admin's screens (a desktop acting on live data, the System screen's
        // figures included) and Stripe's card form (paying needs the network): cached on first use like insights. So
        // are the gift screens (buying, redeeming and the receipt all ask the API; decision 201).
        globIgnores: [
          '**/merchant-insights-*', '**/uPlot*', '**/jsqr-module-*', '**/community-feed-*', '**/merchant-community-*',
          '**/admin-*', '**/stripe-*', '**/gift-buy-*', '**/gift-redeem-*', '**/gift-receipt-*',
          // The maps (decision 209): the members' map, the owner's pin, and MapLibre (one chunk both load), its worker
          // and styles need the network for tiles anyway.
          '**/member-map-*', '**/location-pin-map-*', '**/maplibre-*',
          // The owner's monthly report (figures fetched live, like insights; decision 211) and the locations editor
          // (every change is a call to the API; decision 208): cached on first use.
          '**/merchant-monthly-report-*', '**/merchant-locations-*',
          // A deal page's locations and hours (issue 40): shown once the page has been opened online.
          '**/business-locations-*',
        ],
        // Web Push handlers (push, notificationclick): web/public/push-sw.js (decision 110).
        importScripts: ['push-sw.js'],
        // The app shell answers the app's own screens, online or not (the data comes from the persisted cache).
        navigateFallback: '/index.html',
        navigateFallbackAllowlist: appRoutes,
        // API calls and stored files must always reach the server, never the app shell.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/objects(\/|$)/],
        // Installed on the first visit, the worker takes that page at once, so its images get cached too.
        clientsClaim: true,
        cleanupOutdatedCaches: true,
        runtimeCaching: [
          {
            // Any other page (an unknown path, a file link) goes to the network; without one, our offline page.
            urlPattern: ({ request }) => request.mode === 'navigate',
            handler: 'NetworkOnly',
            options: { precacheFallback: { fallbackURL: '/offline.html' } },
          },
          {
            // The counter's QR decoder: the counter screen writes it into this cache itself (qr-decoder.ts), so it is
            // there offline even when this worker did not control the page that fetched it. The page keeps one entry.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && /^\/assets\/jsqr-module-[^/]*\.js$/.test(url.pathname),
            handler: 'CacheFirst',
            options: { cacheName: 'counter-decoder', cacheableResponse: { statuses: [200] } },
          },
          {
            // Hashed chunks left out of the precache (above): fetched when first opened, then served from here.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
            handler: 'CacheFirst',
            options: {
              cacheName: 'lazy-screens',
              expiration: { maxEntries: 20, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [200] },
            },
          },
          {
            // Logos, profile pictures: shown from the cache at once (and offline), refreshed in the background.
            urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/objects/'),
            handler: 'StaleWhileRevalidate',
            options: {
              cacheName: 'objects',
              expiration: { maxEntries: 300, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
              cacheableResponse: { statuses: [0, 200] },
            },
          },
        ],
      },
      // VitePWA writes <link rel="manifest"> into index.html, where crawlers, PWA packagers and browsers' install
      // paths read it (decision 178 put it back; decision 155 had moved it after the first screen).
    }),
  ],
});
