import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { brotli } from '../scripts/vite/precompress.ts';
import { createTestApp, type TestApp } from '../tests/support/test-app.ts';
import { createLocalServer } from './server.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

/** A built app with one script and its brotli copy, as `npm run build` leaves them. */
function builtApp() {
  const dir = mkdtempSync(join(tmpdir(), 'paylocal-static-'));
  mkdirSync(join(dir, 'assets'));
  const script = Buffer.from(`export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => ({ id: i, name: `row ${i}` })))};\n`);
  writeFileSync(join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(dir, 'assets', 'app.js'), script);
  writeFileSync(join(dir, 'assets', 'app.js.br'), brotli(script));
  return { server: createLocalServer({ api: t.app, staticDir: dir }), script };
}

describe('the web app goes out compressed (decision 145)', () => {
  it("sends the build's brotli copy to a browser that accepts brotli: the same bytes, smaller", async () => {
    const { server, script } = builtApp();
    const res = await server.request('http://localhost/assets/app.js', { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toMatch(/javascript/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const body = Buffer.from(await res.arrayBuffer());
    expect(brotliDecompressSync(body).equals(script)).toBe(true);
    expect(body.byteLength).toBeLessThan(script.byteLength / 4);
  });

  it('gzips for a client without brotli, and sends the file as is to one that takes neither', async () => {
    const { server, script } = builtApp();
    const gzipped = await server.request('http://localhost/assets/app.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer())).equals(script)).toBe(true);
    const plain = await server.request('http://localhost/assets/app.js', { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Buffer.from(await plain.arrayBuffer()).equals(script)).toBe(true);
  });
});

describe('missing files (issue 28)', () => {
  it('answers 404, not cached, never the app shell; app routes still get index.html', async () => {
    const { server } = builtApp();
    for (const path of ['/assets/nonexistent.js', '/assets/old-chunk.css', '/nope.js', '/icons/missing.png']) {
      const res = await server.request(`http://localhost${path}`);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type'), path).not.toMatch(/html/);
      expect(res.headers.get('cache-control'), path).toBe('no-store');
    }
    const route = await server.request('http://localhost/deals/some-deal');
    expect(route.status).toBe(200);
    expect(await route.text()).toContain('<div id="root">');
    // The shell behind a deep link is revalidated like index.html itself (issue 41).
    expect(route.headers.get('cache-control')).toBe('no-cache');
  });
});
