// `npm run bench -- abuse` (issue 28, decision 175): the member deal list (GET /api/deals for a city, signed in as a
// member) measured with wrk while quiet, then beside each attack, in one run:
// - slow bodies: 50 connections each declaring a 100-byte sign-in body with a junk session cookie, sending 9 bytes
//   and then nothing (re-opened as the server cuts them off);
// - a login storm: wrong passwords from many addresses (X-Forwarded-For behind one trusted proxy), bcrypt at the
//   default 10 rounds;
// - a reset storm: reset-password with bad tokens from many addresses.
// The landed server (local/main.ts) runs in its own process: on PostgreSQL when BENCH_DATABASE_URL is set (database
// <name>_abuse, pool DB_POOL_MAX=3 as deployed), else PGlite in a temp dir. Goal: p99 under attack within 2× quiet.
// Knobs: BENCH_SECONDS (per phase, default 8), BENCH_CONCURRENCY (deal list connections, default 10),
// BENCH_ATTACKERS (storm clients, default 40), BENCH_PORT (default 3170).
import { mkdtempSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { SEED } from '../tests/support/constants.ts';
import { formatFigures, startServer, wrk, type LoadFigures } from './support/external-load.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 10);
const ATTACKERS = Number(process.env.BENCH_ATTACKERS ?? 40);
const PORT = Number(process.env.BENCH_PORT ?? 3170);
const SLOW_CONNECTIONS = 50;

interface Attack { name: string; start(base: string): () => Promise<{ sent: number; statuses: Record<string, number> }> }

const randomIp = () => `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;

/** Keeps `count` slow senders open: each declares 100 bytes, sends 9, then waits until the server closes it. */
const slowBodies: Attack = {
  name: `slow bodies (${SLOW_CONNECTIONS} connections, junk session cookie, 9 of 100 bytes)`,
  start(base) {
    const { hostname, port } = new URL(base);
    let running = true;
    let sent = 0;
    const statuses: Record<string, number> = {};
    const sockets = new Set<Socket>();
    const open = () => {
      if (!running) return;
      sent++;
      const socket = connect(Number(port), hostname === 'localhost' ? '127.0.0.1' : hostname, () => {
        socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: ${hostname}\r\nCookie: pl_session=junk${sent}\r\n` +
          `Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{"email":`);
      });
      sockets.add(socket);
      let answer = '';
      socket.on('data', (d) => { answer += d; });
      socket.on('error', () => {});
      socket.on('close', () => {
        sockets.delete(socket);
        const status = /^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 'closed';
        statuses[status] = (statuses[status] ?? 0) + 1;
        open();
      });
    };
    for (let i = 0; i < SLOW_CONNECTIONS; i++) open();
    return async () => {
      running = false;
      for (const s of sockets) s.destroy();
      return { sent, statuses };
    };
  },
};

/** `ATTACKERS` clients posting `body()` to `path` as fast as answers come, each from a new address. */
function storm(name: string, path: string, body: () => unknown): Attack {
  return {
    name,
    start(base) {
      let running = true;
      let sent = 0;
      const statuses: Record<string, number> = {};
      const lanes = Array.from({ length: ATTACKERS }, async () => {
        while (running) {
          sent++;
          const res = await fetch(`${base}${path}`, {
            method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() }, body: JSON.stringify(body()),
          }).catch(() => null);
          const key = res ? String(res.status) : 'error';
          statuses[key] = (statuses[key] ?? 0) + 1;
          await res?.arrayBuffer().catch(() => {});
        }
      });
      return async () => { running = false; await Promise.all(lanes); return { sent, statuses }; };
    },
  };
}

const loginStorm = storm(`login storm (${ATTACKERS} clients, a new address each time, wrong passwords, bcrypt 10 rounds)`, '/api/auth/login',
  () => ({ email: Math.random() < 0.5 ? SEED.member.email : `nobody-${Math.floor(Math.random() * 1e6)}@example.com`, password: `wrong-${Math.random()}` }));
const resetStorm = storm(`reset storm (${ATTACKERS} clients, a new address each time, bad tokens)`, '/api/auth/reset-password',
  () => ({ token: `bad-token-${Math.random().toString(36).slice(2)}-${'x'.repeat(24)}`, password: 'a perfectly fine password 1' }));

export async function bench() {
  const serverUrl = process.env.BENCH_DATABASE_URL;
  let dropDatabase: (() => Promise<void>) | null = null;
  let databaseEnv: Record<string, string>;
  if (serverUrl) {
    const name = 'paylocal_bench_abuse';
    const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
    await admin.unsafe(`drop database if exists ${name} with (force)`);
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseEnv = { DATABASE_URL: url.toString(), DB_POOL_MAX: '3' };
    dropDatabase = async () => { await admin.unsafe(`drop database if exists ${name} with (force)`); await admin.end(); };
  } else {
    databaseEnv = { DATA_DIR: join(mkdtempSync(join(tmpdir(), 'paylocal-bench-abuse-')), 'pglite') };
  }
  const server = await startServer({
    PORT: String(PORT), SEED: 'true', TRUSTED_PROXY_HOPS: '1', BCRYPT_ROUNDS: '10', ...databaseEnv,
  });
  try {
    const login = await fetch(`${server.base}/api/auth/login`, {
      method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.10' },
      body: JSON.stringify({ email: SEED.member.email, password: SEED.member.password }),
    });
    if (login.status !== 200) throw new Error(`member login failed: ${login.status}`);
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const url = `${server.base}/api/deals?cityId=${SEED.lyonsId}`;
    const headers = { cookie, 'x-forwarded-for': '192.0.2.10' };
    await wrk('warm-up', url, headers, CONCURRENCY, 3);
    const list = (label: string) => wrk(`deal list ${label} (wrk, ${CONCURRENCY} connections, ${SECONDS} s)`, url, headers, CONCURRENCY, SECONDS);
    const rows: { attack: string; quiet: LoadFigures; under: LoadFigures; attackStats: string }[] = [];
    for (const attack of [slowBodies, loginStorm, resetStorm]) {
      const quiet = await list('quiet');
      const stop = attack.start(server.base);
      await new Promise((r) => setTimeout(r, 1000)); // the attack in full swing first
      const under = await list('under attack');
      const { sent, statuses } = await stop();
      const attackStats = `${sent} attack requests; answers ${Object.entries(statuses).map(([s, n]) => `${s}×${n}`).join(', ')}`;
      rows.push({ attack: attack.name, quiet, under, attackStats });
      console.log(`\n${attack.name}\n  ${formatFigures(quiet)}\n  ${formatFigures(under)}\n  p99 ratio ${(under.p99 / quiet.p99).toFixed(2)}× ` +
        `(goal ≤ 2×); ${attackStats}`);
      await new Promise((r) => setTimeout(r, 2000)); // let the server settle between attacks
    }
    console.log(`\nSummary (${serverUrl ? 'PostgreSQL, pool 3' : 'PGlite'}): member deal list p50/p99 in ms, quiet → under attack`);
    for (const r of rows) {
      console.log(`  ${r.attack.split(' (')[0].padEnd(12)} ${r.quiet.p50.toFixed(1)}/${r.quiet.p99.toFixed(1)} → ${r.under.p50.toFixed(1)}/${r.under.p99.toFixed(1)}` +
        `  (p99 ×${(r.under.p99 / r.quiet.p99).toFixed(2)}, deal list errors ${r.under.errors})`);
    }
  } finally {
    await server.stop();
    await dropDatabase?.();
  }
}
