import { serve } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../tests/support/test-app.ts';
import { SEED } from '../../../../tests/support/constants.ts';
import { asService } from '../../../../tests/support/test-database.ts';
import { clientAddress } from './request-guards.ts';

const node = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

describe('clientAddress (TRUSTED_PROXY_HOPS)', () => {
  it('never reads X-Forwarded-For with 0 hops: the connection address (node server or Deno remoteAddr)', () => {
    expect(clientAddress('1.2.3.4', node('198.51.100.9'), 0)).toBe('198.51.100.9');
    expect(clientAddress('1.2.3.4', { remoteAddr: { hostname: '198.51.100.8' } }, 0)).toBe('198.51.100.8');
    expect(clientAddress('1.2.3.4', undefined, 0)).toBe('unknown');
  });

  it('takes the Nth entry from the right with N hops, so entries the client wrote are ignored', () => {
    expect(clientAddress('6.6.6.6, 203.0.113.5', node('10.0.0.1'), 1)).toBe('203.0.113.5');
    expect(clientAddress('6.6.6.6, 203.0.113.5, 10.0.0.2', node('10.0.0.1'), 2)).toBe('203.0.113.5');
    expect(clientAddress('203.0.113.5', node('10.0.0.1'), 2)).toBe('203.0.113.5');
    expect(clientAddress(undefined, node('10.0.0.1'), 1)).toBe('10.0.0.1');
  });
});

describe('per-address sign-in limits with the default of no trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => { t = await createTestApp({ TRUSTED_PROXY_HOPS: '0' }); });
  afterAll(() => t.close());

  const login = (email: string, password: string, forwardedFor: string, socket: string) =>
    t.app.request('http://localhost/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ email, password }),
    }, node(socket));

  it('a rotating X-Forwarded-For does not escape the per-address limit, and a locked address in the header locks no one', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await login(`nobody${i}@example.com`, 'wrong-password', `192.0.2.${i}`, '198.51.100.66');
      statuses.push(res.status);
    }
    expect(statuses).toContain(429);
    // The member, from another connection, sends the attacker's address in the header: not refused.
    const res = await login(SEED.member.email, SEED.member.password, '198.51.100.66', '198.51.100.77');
    expect(res.status).toBe(200);
  });

  it('the node server passes the socket address (the local runner)', async () => {
    const server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.200', origin: `http://127.0.0.1:${port}` },
        body: JSON.stringify({ email: 'socket-check@example.com', password: 'wrong-password' }),
      });
      expect(res.status).toBe(401);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    // The failure is counted on the limiter (decision 177) under the socket's address, not the forwarded one.
    const rows = await asService(t.database, (q) => q<{ bucket: string }>(
      `select bucket from private.limiter_hits where bucket like 'login:ip:%' and hits > 0`));
    const buckets = rows.map((r) => r.bucket);
    expect(buckets).toContainEqual(expect.stringMatching(/^login:ip:.*127\.0\.0\.1$/));
    expect(buckets.filter((b) => b.includes('192.0.2.200'))).toEqual([]);
  });
});
