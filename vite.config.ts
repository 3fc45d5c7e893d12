import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

const fromRoot = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The local API server (local/main.ts) listens on PORT, 3000 by default.
const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

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
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/objects': { target: apiTarget, changeOrigin: false },
    },
  },
  plugins: [
    react(),
    tailwindcss(),
    VitePWA({
      // 'prompt': a new service worker waits until the user accepts the "Update available" toast.
      registerType: 'prompt',
      includeAssets: ['favicon.svg', 'icons/apple-touch-icon.png'],
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
        navigateFallback: '/index.html',
        // API calls and stored files must always reach the server, never the app shell.
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/objects(\/|$)/],
      },
    }),
  ],
});
