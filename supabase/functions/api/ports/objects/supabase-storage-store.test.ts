// The Supabase Storage adapter against a stand-in of Storage's REST API (fetch double).
import { describe, expect, it } from 'vitest';
import { isJwtShaped, storageAuthHeaders, supabaseStorageStore } from './supabase-storage-store.ts';

const LEGACY_JWT = 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.c2lnbmF0dXJl';
const SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';
const KEYS = new Set([LEGACY_JWT, SECRET_KEY]);

function storageDouble() {
  const objects = new Map<string, { bytes: Uint8Array; type: string }>();
  const calls: { method: string; url: string; auth: string | null; apikey: string | null; upsert: string | null }[] = [];
  const fetchDouble = async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    const headers = new Headers(init.headers);
    const method = init.method ?? 'GET';
    calls.push({ method, url, auth: headers.get('authorization'), apikey: headers.get('apikey'), upsert: headers.get('x-upsert') });
    // As Supabase's gateway: a key must come in apikey; a bearer token must be a JWT (the new sb_ keys are not).
    const apikey = headers.get('apikey');
    if (!apikey || !KEYS.has(apikey)) return Response.json({ message: 'Invalid API key' }, { status: 401 });
    const bearer = headers.get('authorization')?.replace(/^Bearer /, '');
    if (bearer !== undefined && (bearer.split('.').length !== 3 || !KEYS.has(bearer))) {
      return Response.json({ statusCode: '403', error: 'Unauthorized', message: 'Invalid Compact JWS' }, { status: 400 });
    }
    const match = /\/storage\/v1\/object\/objects\/(.+)$/.exec(url);
    if (!match) return new Response(JSON.stringify({ message: 'Bucket not found' }), { status: 400 });
    const key = match[1];
    if (method === 'POST') {
      objects.set(key, { bytes: new Uint8Array(await new Response(init.body).arrayBuffer()), type: headers.get('content-type')! });
      return Response.json({ Key: `objects/${key}` });
    }
    const found = objects.get(key);
    if (method === 'DELETE') {
      objects.delete(key);
      return found ? Response.json({ message: 'Successfully deleted' }) : new Response('{"message":"Object not found"}', { status: 400 });
    }
    if (!found) return new Response(method === 'HEAD' ? null : '{"message":"Object not found"}', { status: 400 });
    return new Response(method === 'HEAD' ? null : found.bytes as Uint8Array<ArrayBuffer>, { headers: { 'content-type': found.type } });
  };
  return { objects, calls, fetch: fetchDouble as typeof fetch };
}

describe('supabaseStorageStore', () => {
  it.each([
    ['a new secret key (apikey only)', SECRET_KEY, null],
    ['the legacy service_role JWT (apikey and bearer)', LEGACY_JWT, `Bearer ${LEGACY_JWT}`],
  ])('with %s: uploads with upsert, reads back, checks existence and deletes', async (_what, key, auth) => {
    const double = storageDouble();
    const store = supabaseStorageStore({ url: 'https://proj.supabase.co/', serverKey: key, bucket: 'objects', fetch: double.fetch });
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    await store.put('uploads/u1/abc', bytes, 'image/png');
    expect(double.calls[0]).toEqual({ method: 'POST', url: 'https://proj.supabase.co/storage/v1/object/objects/uploads/u1/abc', auth, apikey: key, upsert: 'true' });
    expect(await store.exists('uploads/u1/abc')).toBe(true);
    expect(await store.get('uploads/u1/abc')).toEqual({ bytes, contentType: 'image/png' });
    await store.delete('uploads/u1/abc');
    expect(await store.exists('uploads/u1/abc')).toBe(false);
    expect(await store.get('uploads/u1/abc')).toBeNull();
    await expect(store.delete('uploads/u1/abc')).resolves.toBeUndefined();
  });

  it('the double refuses a new secret key sent as a bearer token (what the adapter did before)', async () => {
    const double = storageDouble();
    const res = await double.fetch('https://proj.supabase.co/storage/v1/object/objects/x', { headers: { apikey: SECRET_KEY, authorization: `Bearer ${SECRET_KEY}` } });
    expect(res.ok).toBe(false);
    expect(storageAuthHeaders(SECRET_KEY)).toEqual({ apikey: SECRET_KEY });
    expect(isJwtShaped(LEGACY_JWT)).toBe(true);
    expect(isJwtShaped(SECRET_KEY)).toBe(false);
  });

  it('refuses unsafe keys before any request', async () => {
    const double = storageDouble();
    const store = supabaseStorageStore({ url: 'https://proj.supabase.co', serverKey: SECRET_KEY, bucket: 'objects', fetch: double.fetch });
    await expect(store.put('../secrets/x', new Uint8Array([1]), 'image/png')).rejects.toThrow(/Invalid object key/);
    expect(double.calls).toHaveLength(0);
  });
});
