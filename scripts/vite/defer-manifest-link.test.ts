import { describe, expect, it } from 'vitest';
import { withoutManifestLink } from './defer-manifest-link.ts';

describe('defer-manifest-link', () => {
  it('takes the manifest link vite-plugin-pwa writes out of index.html and leaves the rest', () => {
    const html = '<head>\n<link rel="icon" href="/favicon.svg" />\n  <link rel="manifest" href="/manifest.webmanifest">\n</head>';
    expect(withoutManifestLink(html)).toBe('<head>\n<link rel="icon" href="/favicon.svg" />\n  \n</head>');
    expect(withoutManifestLink('<link rel="manifest" href="/m.webmanifest" crossorigin="use-credentials"><p>')).toBe('<p>');
  });

  it('fails the build when there is no link to take out (the PWA plugin changed what it writes)', () => {
    expect(() => withoutManifestLink('<head></head>')).toThrow(/no <link rel="manifest">/);
  });
});
