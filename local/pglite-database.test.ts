// Fair turns at PGlite's one connection (decision 203): first come, first served, one request's statements
// together, and the event loop polls between two turns, so a member connecting while others queue is accepted
// at once rather than after the whole backlog. Counts and orders only, no clocks.
import { PGlite } from '@electric-sql/pglite';
import { once } from 'node:events';
import { createConnection, createServer, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceClaims } from '../supabase/functions/api/db/database.ts';
import { fairTurns, pgliteDatabase } from './pglite-database.ts';

let pg: PGlite;
beforeAll(async () => {
  pg = await PGlite.create();
  await pg.exec(`create role anon; create role authenticated; create role service_role;
    create table public.turns (request int, step int, seq serial primary key); grant all on all tables in schema public to service_role;
    grant all on all sequences in schema public to service_role;`);
});
afterAll(() => pg.close());

const REQUESTS = 50;

describe('PGlite turns', () => {
  it('accepts a connection that arrives behind a backlog after at most one transaction, not after the backlog', async () => {
    const db = pgliteDatabase(pg);
    const server = createServer((socket) => socket.destroy());
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    try {
      let finished = 0;
      const finishedAtAccept = once(server, 'connection').then(() => finished);
      // The member connects, then 50 requests' transactions are queued in the same tick.
      const client = createConnection((server.address() as AddressInfo).port, '127.0.0.1');
      const all = Array.from({ length: REQUESTS }, () =>
        db.transaction(serviceClaims, async (q) => { await q('select 1'); }).then(() => { finished++; }));
      await Promise.all(all);
      // Without turns PGlite hands its connection on in microtasks and all 50 ran before Node polled once.
      expect(await finishedAtAccept).toBeLessThanOrEqual(2);
      client.destroy();
    } finally {
      server.close();
    }
  });

  it('admits 50 queued requests first come, first served, each request\'s statements together', async () => {
    const db = pgliteDatabase(pg);
    await pg.exec('truncate public.turns');
    const admitted: number[] = [];
    // Each request holds its transaction across awaits of its own (decision 179's open transaction), as a route does.
    await Promise.all(Array.from({ length: REQUESTS }, async (_, request) => {
      const tx = await db.open(`select set_config('role', 'service_role', true)`, []);
      admitted.push(request);
      for (let step = 0; step < 3; step++) {
        await tx.query('insert into public.turns (request, step) values ($1, $2)', [request, step]);
        await new Promise((resolve) => setImmediate(resolve));
      }
      await tx.end(true);
    }));
    expect(admitted).toEqual(Array.from({ length: REQUESTS }, (_, i) => i));
    const rows = await pg.query<{ request: number; step: number }>('select request, step from public.turns order by seq');
    expect(rows.rows).toEqual(Array.from({ length: REQUESTS * 3 }, (_, i) => ({ request: Math.floor(i / 3), step: i % 3 })));
  });

  it('hands turns over in order, one at a time, and ends a turn once however often it is ended', async () => {
    const turn = fairTurns();
    const order: string[] = [];
    const first = await turn();
    const waiting = [1, 2, 3].map((n) => turn().then(async (end) => {
      order.push(`start ${n}`);
      await new Promise((resolve) => setImmediate(resolve));
      order.push(`end ${n}`);
      end();
      end();
    }));
    order.push('end 0');
    first();
    first();
    await Promise.all(waiting);
    expect(order).toEqual(['end 0', 'start 1', 'end 1', 'start 2', 'end 2', 'start 3', 'end 3']);
  });
});
