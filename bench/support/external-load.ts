// Load from outside the measured process: the landed server (local/main.ts) runs in its own
// process, wrk drives it over HTTP, pgbench runs SQL scripts against the same PostgreSQL server.
import { spawn, execFile, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
const repoRoot = join(import.meta.dirname, '..', '..');

export interface LoadFigures {
  label: string;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests completed (wrk only). */
  requests?: number;
  /** CPU milliseconds per request of the server process and of the database's backends (Linux /proc; PGlite: in the server). */
  cpu?: { server: number; database?: number };
}

export const formatFigures = (f: LoadFigures) =>
  `${f.label}: ${f.perSecond.toFixed(0)}/s, p50 ${f.p50.toFixed(1)} ms, p99 ${f.p99.toFixed(1)} ms` +
  (f.cpu ? `; CPU per request: server ${f.cpu.server.toFixed(2)} ms` +
    (f.cpu.database === undefined ? ' (PGlite inside)' : `, database ${f.cpu.database.toFixed(2)} ms`) : '') +
  (f.errors ? ` (${f.errors} errors)` : '');

const TICK_MS = 10; // USER_HZ = 100 on Linux

/** User + system CPU time of processes so far, in ms (0 for those gone or unreadable). */
export function cpuMs(pids: readonly number[]): number {
  let ticks = 0;
  for (const pid of pids) {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').replace(/^.*\) /, '').split(' ');
      ticks += Number(fields[11]) + Number(fields[12]);
    } catch { /* not Linux, or gone */ }
  }
  return ticks * TICK_MS;
}

/** How much of the server's output startServer keeps once it is up (its last lines, for a failure's message). */
const OUTPUT_TAIL = 64 * 1024;

/** Starts `local/main.ts` in a child process and resolves once it is listening. */
export async function startServer(env: Record<string, string>): Promise<{ base: string; pid: number; output: () => string; stop: () => Promise<void> }> {
  const port = env.PORT;
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'local', 'main.ts')], {
    cwd: repoRoot,
    env: { ...process.env, NODE_ENV: 'production', ALLOW_TEST_PAYMENTS: 'true', SEED: 'false', SITE_URL: `http://127.0.0.1:${port}`, STATIC_DIR: join(tmpdir(), 'paylocal-bench-no-static'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Pay Local ready')) { clearTimeout(timer); resolve(); }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => { clearTimeout(timer); reject(new Error(`server exited (${code}):\n${output}`)); });
  });
  child.removeAllListeners('exit');
  // Once it is up, the server writes a log line per request: this process, on the same cores as the server, keeps
  // only the last of it. Kept whole and searched on every chunk, it grew to megabytes and took a core from the
  // server under load (the scale rows ran at about half the rate the same server reached alone).
  child.stdout!.removeAllListeners('data');
  child.stderr!.removeAllListeners('data');
  const keepTail = (chunk: Buffer) => { output = (output + chunk.toString()).slice(-OUTPUT_TAIL); };
  child.stdout!.on('data', keepTail);
  child.stderr!.on('data', keepTail);
  return {
    base: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    output: () => output,
    stop: () => new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
      setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
    }),
  };
}

/** wrk at `connections` for `seconds` against one URL with the given headers. */
export async function wrk(
  label: string, url: string, headers: Record<string, string>, connections: number, seconds: number,
  post?: { body: string } | { lua: string },
): Promise<LoadFigures> {
  const args = ['-t', '2', '-c', String(connections), '-d', `${seconds}s`, '--latency', '--timeout', '10s'];
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}: ${value}`);
  const dir = post ? mkdtempSync(join(tmpdir(), 'paylocal-wrk-')) : null;
  if (dir && post) {
    writeFileSync(join(dir, 'script.lua'), 'lua' in post ? post.lua
      : `wrk.method = "POST"\nwrk.body = ${JSON.stringify(post.body)}\nwrk.headers["Content-Type"] = "application/json"\n`);
    args.push('-s', join(dir, 'script.lua'));
  }
  const { stdout } = await run('wrk', [...args, url], { maxBuffer: 1 << 20 })
    .finally(() => { if (dir) rmSync(dir, { recursive: true, force: true }); });
  const ms = (text: string) => {
    const m = /([\d.]+)(us|ms|s)\b/.exec(text);
    if (!m) return NaN;
    const v = Number(m[1]);
    return m[2] === 'us' ? v / 1000 : m[2] === 's' ? v * 1000 : v;
  };
  const line = (prefix: RegExp) => stdout.split('\n').find((l) => prefix.test(l)) ?? '';
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(stdout)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(stdout);
  const errors = non2xx + (socketErrors ? socketErrors.slice(1).reduce((s, n) => s + Number(n), 0) : 0);
  return {
    label,
    requests: Number(/(\d+) requests in/.exec(stdout)?.[1] ?? NaN),
    perSecond: Number(/Requests\/sec:\s+([\d.]+)/.exec(stdout)?.[1] ?? NaN),
    p50: ms(line(/^\s+50%/).replace(/^\s+50%/, '')),
    p99: ms(line(/^\s+99%/).replace(/^\s+99%/, '')),
    errors,
  };
}

/**
 * pgbench (simple protocol, like postgres.js with `prepare: false`) running `script` at
 * `connections` for `seconds`; latencies from its per-transaction log.
 */
export async function pgbench(label: string, url: string, script: string, connections: number, seconds: number): Promise<LoadFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'paylocal-pgbench-'));
  try {
    const file = join(dir, 'script.sql');
    writeFileSync(file, script);
    const { stdout } = await run('pgbench', [
      '-n', '-M', 'simple', '-c', String(connections), '-j', '2', '-T', String(seconds),
      '-l', '--log-prefix', join(dir, 'log'), '-f', file, url,
    ], { maxBuffer: 1 << 24 });
    const latencies: number[] = [];
    let errors = 0;
    for (const name of readdirSync(dir).filter((f) => f.startsWith('log'))) {
      for (const row of readFileSync(join(dir, name), 'utf8').split('\n')) {
        const cols = row.split(' ');
        if (cols.length < 3) continue;
        if (cols[2] === 'failed' || cols[2] === 'skipped') errors++;
        else latencies.push(Number(cols[2]) / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
    const tps = Number(/tps = ([\d.]+) \(without initial connection time\)/.exec(stdout)?.[1] ?? NaN);
    return { label, perSecond: tps, p50: at(50), p99: at(99), errors };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
