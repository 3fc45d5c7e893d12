import { serve } from '@hono/node-server';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { BODY_TOO_LARGE_MESSAGE, JSON_BODY_MAX_BYTES } from './request-guards.ts';
import { MAX_UPLOAD_REQUEST_BYTES } from './image-upload.ts';

let t: TestApp;
beforeAll(async () => { t = await createTestApp(); });
afterAll(() => t.close());

/** An endless body of `{"email":"x...` that counts how much of it was pulled. */
function endlessBody(limit = 100 * 1024 * 1024) {
  let pulled = 0;
  const chunk = new TextEncoder().encode('x'.repeat(64 * 1024));
  const stream = new ReadableStream<Uint8Array>({
    start(controller) { controller.enqueue(new TextEncoder().encode('{"email":"')); },
    pull(controller) {
      if (pulled >= limit) return controller.close();
      pulled += chunk.byteLength;
      controller.enqueue(chunk);
    },
  }, { highWaterMark: 0 });
  return { stream, pulled: () => pulled };
}

const send = (path: string, init: RequestInit & { duplex?: 'half' }) =>
  t.app.request(`http://localhost${path}`, { ...init, headers: { origin: 'http://localhost', ...init.headers } });

describe('request body limits', () => {
  it('refuses a streamed 100 MB login body with 413 {message} after reading at most a little past the JSON limit', async () => {
    const body = endlessBody();
    const res = await send('/api/auth/login', {
      method: 'POST', body: body.stream, duplex: 'half', headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: BODY_TOO_LARGE_MESSAGE });
    expect(body.pulled()).toBeLessThan(JSON_BODY_MAX_BYTES + 2 * 64 * 1024);
  });

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const body = endlessBody();
    const res = await send('/api/auth/login', {
      method: 'POST', body: body.stream, duplex: 'half',
      headers: { 'content-type': 'application/json', 'content-length': String(100 * 1024 * 1024) },
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toEqual({ message: BODY_TOO_LARGE_MESSAGE });
    expect(body.pulled()).toBe(0);
  });

  it('limits signed-in JSON routes too (profile name)', async () => {
    const agent = t.agent();
    await agent.login(SEED.member.email, SEED.member.password);
    const res = await agent.put('/api/auth/profile', { name: 'n'.repeat(JSON_BODY_MAX_BYTES + 1) });
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: BODY_TOO_LARGE_MESSAGE });
  });

  it('lets an upload route take up to the upload cap, and no more', async () => {
    const agent = t.agent();
    await agent.login(SEED.member.email, SEED.member.password);
    const body = endlessBody();
    const res = await send('/api/auth/profile-picture', {
      method: 'POST', body: body.stream, duplex: 'half',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(res.status).toBe(413);
    expect(body.pulled()).toBeGreaterThan(JSON_BODY_MAX_BYTES);
    expect(body.pulled()).toBeLessThan(MAX_UPLOAD_REQUEST_BYTES + 2 * 64 * 1024);
  });

  it('answers a real socket before the client finishes sending (the node server never buffers the body)', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const chunk = Buffer.alloc(64 * 1024, 'x');
      let sent = 0;
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpRequest({
          host: '127.0.0.1', port, method: 'POST', path: '/api/auth/login',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        }, (res) => { res.resume(); resolve(res.statusCode ?? 0); req.destroy(); });
        req.on('error', (error) => (sent > 0 ? undefined : reject(error)));
        const pump = () => {
          while (sent < 100 * 1024 * 1024 && !req.destroyed) {
            sent += chunk.byteLength;
            if (!req.write(chunk)) return void req.once('drain', pump);
          }
          if (!req.destroyed) req.end();
        };
        pump();
      });
      expect(status).toBe(413);
      expect(sent).toBeLessThan(20 * 1024 * 1024);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
