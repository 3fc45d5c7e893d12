import type { Plugin } from 'vite';

// vite-plugin-pwa writes <link rel="manifest"> into index.html. Chrome fetches the manifest as soon as it parses
// that link, and then the 192 px icon to judge installability: two requests (8 KB) on a phone's few connections
// before the first screen has painted, which Lighthouse's simulation charges to Largest Contentful Paint
// (decision 155: /app LCP 1,968-1,991 ms with it, 1,863-1,963 ms without, same build, runs interleaved).
// This plugin takes the link out; web/src/lib/pwa/manifest-link.ts adds it once the first screen has settled.

const MANIFEST_LINK = /<link rel="manifest"[^>]*>/;

/** index.html without its manifest link (an error when there is none: the PWA plugin changed what it writes). */
export function withoutManifestLink(html: string): string {
  if (!MANIFEST_LINK.test(html)) throw new Error('defer-manifest-link: index.html has no <link rel="manifest"> to defer');
  return html.replace(MANIFEST_LINK, '');
}

export function deferManifestLink(): Plugin {
  return {
    name: 'pay-local-defer-manifest-link',
    apply: 'build',
    // After vite-plugin-pwa's own transform: both plugins 'post', this one listed after it in vite.config.ts.
    enforce: 'post',
    transformIndexHtml: { order: 'post', handler: withoutManifestLink },
  };
}
