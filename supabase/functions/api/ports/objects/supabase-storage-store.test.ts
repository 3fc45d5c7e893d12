// The Supabase Storage adapter against a stand-in of Storage's REST API (fetch double).
import { describe, expect, it } from 'vitest';
import { supabaseStorageStore } from './supabase-storage-store.ts';

function storageDouble() {
  const objects = new Map<string, { bytes: Uint8Array; type: string }>();
  const calls: { method: string; url: string; auth: string | null; upsert: string | null }[] = [];
  const fetchDouble = async (input: string | URL | Request, init: RequestInit = {}) => {
    const url = String(input);
    const headers = new Headers(init.headers);
    const method = init.method ?? 'GET';
    calls.push({ method, url, auth: headers.get('authorization'), upsert: headers.get('x-upsert') });
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
  it('uploads with the service key and upsert, reads back, checks existence and deletes', async () => {
    const double = storageDouble();
    const store = supabaseStorageStore({ url: 'https://proj.supabase.co/', serviceRoleKey: 'service-key', bucket: 'objects', fetch: double.fetch });
    const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);
    await store.put('uploads/u1/abc', bytes, 'image/png');
    expect(double.calls[0]).toEqual({ method: 'POST', url: 'https://proj.supabase.co/storage/v1/object/objects/uploads/u1/abc', auth: 'Bearer service-key', upsert: 'true' });
    expect(await store.exists('uploads/u1/abc')).toBe(true);
    expect(await store.get('uploads/u1/abc')).toEqual({ bytes, contentType: 'image/png' });
    await store.delete('uploads/u1/abc');
    expect(await store.exists('uploads/u1/abc')).toBe(false);
    expect(await store.get('uploads/u1/abc')).toBeNull();
    await expect(store.delete('uploads/u1/abc')).resolves.toBeUndefined();
  });

  it('refuses unsafe keys before any request', async () => {
    const double = storageDouble();
    const store = supabaseStorageStore({ url: 'https://proj.supabase.co', serviceRoleKey: 'k', bucket: 'objects', fetch: double.fetch });
    await expect(store.put('../secrets/x', new Uint8Array([1]), 'image/png')).rejects.toThrow(/Invalid object key/);
    expect(double.calls).toHaveLength(0);
  });
});
