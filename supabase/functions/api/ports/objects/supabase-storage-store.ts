// Supabase Storage adapter (production), through Storage's REST API with a server key.
// The bucket is public (the baseline migration's Storage section, decision 077) so the web host can proxy /objects/<key> to
// <SUPABASE_URL>/storage/v1/object/public/<bucket>/<key>; only the API writes, with the server key.
import { assertValidObjectKey, type ObjectStore } from './object-store.ts';

export interface SupabaseStorageOptions {
  url: string;
  /** A new secret key (sb_secret_...) or the legacy service_role JWT. */
  serverKey: string;
  bucket: string;
  fetch?: typeof fetch;
}

export function supabaseStorageStore(options: SupabaseStorageOptions): ObjectStore {
  const doFetch = options.fetch ?? fetch;
  const base = `${options.url.replace(/\/+$/, '')}/storage/v1/object`;
  const headers = storageAuthHeaders(options.serverKey);
  const objectUrl = (key: string) => {
    assertValidObjectKey(key);
    return `${base}/${encodeURIComponent(options.bucket)}/${key}`;
  };
  const fail = async (what: string, res: Response) => {
    throw new Error(`Supabase Storage ${what} failed: ${res.status} ${await res.text()}`);
  };

  return {
    async put(key, bytes, contentType) {
      const res = await doFetch(objectUrl(key), {
        method: 'POST',
        headers: { ...headers, 'content-type': contentType, 'x-upsert': 'true', 'cache-control': 'max-age=31536000' },
        body: new Blob([bytes as Uint8Array<ArrayBuffer>], { type: contentType }),
      });
      if (!res.ok) await fail('upload', res);
    },
    async get(key) {
      const res = await doFetch(objectUrl(key), { headers });
      if (res.status === 404 || res.status === 400) return null;
      if (!res.ok) await fail('download', res);
      return {
        bytes: new Uint8Array(await res.arrayBuffer()),
        contentType: res.headers.get('content-type') ?? 'application/octet-stream',
      };
    },
    async exists(key) {
      const res = await doFetch(objectUrl(key), { method: 'HEAD', headers });
      return res.ok;
    },
    async delete(key) {
      const res = await doFetch(objectUrl(key), { method: 'DELETE', headers });
      if (!res.ok && res.status !== 404 && res.status !== 400) await fail('delete', res);
    },
  };
}

/** A JWT: three base64url parts, the first a JSON header ("eyJ" = '{"'). The legacy service_role key is one. */
export const isJwtShaped = (key: string) => /^eyJ[\w-]*\.[\w-]+\.[\w-]+$/.test(key);

/**
 * Supabase's API gateway takes every key in `apikey`; the new keys (sb_secret_...) are not JWTs and are
 * refused as `Authorization: Bearer`, which only a JWT-shaped (legacy) key may also be sent as.
 */
export function storageAuthHeaders(key: string): Record<string, string> {
  return isJwtShaped(key) ? { apikey: key, authorization: `Bearer ${key}` } : { apikey: key };
}
