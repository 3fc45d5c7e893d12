import { describe, expect, it } from 'vitest';
import { DECODER_CACHE, keepDecoderChunk } from './qr-decoder';

/** A Cache Storage with one cache in memory, counting the downloads `add` makes. */
function memoryCaches() {
  const entries = new Map<string, string>();
  let downloads = 0;
  const opened: string[] = [];
  const cache = {
    match: async (url: string) => (entries.has(url) ? new Response(entries.get(url)) : undefined),
    add: async (url: string) => {
      downloads += 1;
      entries.set(url, `chunk ${url}`);
    },
    keys: async () => [...entries.keys()].map((url) => new Request(url)),
    delete: async (request: Request) => entries.delete(request.url),
  };
  const storage = { open: async (name: string) => (opened.push(name), cache) } as unknown as CacheStorage;
  return { storage, entries, opened, downloads: () => downloads };
}

describe('keepDecoderChunk (issue 38)', () => {
  it('keeps the jsQR chunk in the cache the service worker answers it from, downloaded once, and only the current one', async () => {
    const caches = memoryCaches();
    const old = 'https://paylocal.test/assets/jsqr-module-OLD.js';
    const current = 'https://paylocal.test/assets/jsqr-module-NEW.js';
    await keepDecoderChunk(old, caches.storage);
    await keepDecoderChunk(current, caches.storage);
    await keepDecoderChunk(current, caches.storage);
    expect(caches.opened.every((name) => name === DECODER_CACHE)).toBe(true);
    expect([...caches.entries.keys()]).toEqual([current]);
    expect(caches.downloads()).toBe(2);
  });

  it('does nothing where the browser has no Cache Storage', async () => {
    await expect(keepDecoderChunk('https://paylocal.test/assets/jsqr-module-X.js', undefined)).resolves.toBeUndefined();
  });
});
