// Supabase Storage adapter (production), through Storage's REST API with the service-role key.
// The bucket should be public so the web host can proxy /objects/<key> to
// <SUPABASE_URL>/storage/v1/object/public/<bucket>/<key>.
import { assertValidObjectKey, type ObjectStore } from './object-store.ts';

export interface SupabaseStorageOptions {
  url: string;
  serviceRoleKey: string;
  bucket: string;
  fetch?: typeof fetch;
}

export function supabaseStorageStore(options: SupabaseStorageOptions): ObjectStore {
  const doFetch = options.fetch ?? fetch;
  const base = `${options.url.replace(/\/+$/, '')}/storage/v1/object`;
  const headers = { authorization: `Bearer ${options.serviceRoleKey}`, apikey: options.serviceRoleKey };
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
