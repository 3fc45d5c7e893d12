// Issue 28, row 1: one slow client froze the API. The session middleware opened the request's transaction
// before the body was read, so a client that declared a body and never sent it held the connection (on PGlite
// the only one). Bodies are now read first (http/request-guards.ts) and the server cuts slow senders off
// with 408 (listen.ts). Decision 175.
import { Hono } from 'hono';
import { connect, type Socket } from 'node:net';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../tests/support/test-app.ts';
import { bodyLimits, BODY_TOO_SLOW_MESSAGE } from '../supabase/functions/api/http/request-guards.ts';
import { onError } from '../supabase/functions/api/http/errors.ts';
import type { AppEnv } from '../supabase/functions/api/http/context.ts';
import { listen } from './listen.ts';

let t: TestApp;
let server: Server;
let base: string;
let port: number;
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  server = listen(t.app.fetch, { port: 0, hostname: '127.0.0.1', timeouts: { headersTimeout: 1_000, requestTimeout: 2_000 } });
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

/** A sign-in with a junk session cookie that declares 100 bytes of body, sends 9 and then nothing. */
function slowLogin(): Promise<{ socket: Socket; answer: Promise<string> }> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\nCookie: pl_session=junk-${Math.random()}\r\n` +
        `Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":`,
      );
      let text = '';
      const answer = new Promise<string>((done) => {
        socket.on('data', (d) => { text += d.toString(); });
        socket.on('close', () => done(text));
        socket.on('error', () => done(text));
      });
      resolve({ socket, answer });
    });
    socket.on('error', reject);
    sockets.push(socket);
  });
}

const timed = async (path: string) => {
  const started = performance.now();
  const res = await fetch(`${base}${path}`);
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
};

describe('a slow client holds nothing', () => {
  it('slow-body sign-ins with a junk session cookie do not delay /api/cities', async () => {
    // On PGlite one such client held the only connection; on PostgreSQL, one per pooled connection.
    const count = t.database.kind === 'pglite' ? 3 : 25;
    const slow = await Promise.all(Array.from({ length: count }, slowLogin));
    await new Promise((r) => setTimeout(r, 200)); // let them reach the server and stall
    for (let i = 0; i < 5; i++) {
      const { status, ms } = await timed('/api/cities');
      expect(status).toBe(200);
      expect(ms).toBeLessThan(800);
    }
    // Node's request timeout cuts them off with 408.
    const answers = await Promise.all(slow.map((s) => s.answer));
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 408/);
  });

  it('answers 408 with a reason when a body stops arriving (the API\'s own deadline, on any runtime)', async () => {
    const app = new Hono<AppEnv>();
    app.use('*', bodyLimits(100));
    app.post('/x', async (c) => c.json(await c.req.json()));
    app.onError(onError);
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) { controller.enqueue(new TextEncoder().encode('{"a":')); },
    });
    const res = await app.request('http://localhost/x', { method: 'POST', body: stalled, duplex: 'half' } as RequestInit);
    expect(res.status).toBe(408);
    expect(await res.json()).toEqual({ message: BODY_TOO_SLOW_MESSAGE });
    const ok = await app.request('http://localhost/x', { method: 'POST', body: '{"a":1}' });
    expect(await ok.json()).toEqual({ a: 1 });
  });
});
