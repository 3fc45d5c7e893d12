import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
const base = 'http://localhost:3471';
const path = process.env.P ?? '/app';
const res = await fetch(`${base}/api/auth/login`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: base }, body: JSON.stringify({ email: 'member@paylocal.local', password: 'member12345' }) });
const cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
const profile = mkdtempSync(join(tmpdir(), 'lh-'));
const child = spawn('/usr/bin/chromium', ['--headless', '--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-gpu', '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'], { stdio: ['ignore', 'ignore', 'pipe'] });
const port = await new Promise<number>((resolve) => { let t = ''; child.stderr!.on('data', (c) => { t += c; const m = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(t); if (m) resolve(Number(m[1])); }); });
const r = await lighthouse(`${base}${path}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: path === '/app' ? { Cookie: cookie } : undefined });
child.kill(); await new Promise((r2) => child.once('exit', r2)); rmSync(profile, { recursive: true, force: true, maxRetries: 5 });
const a: any = r!.artifacts; const lhr = r!.lhr;
console.log('LCP', Math.round(lhr.audits['largest-contentful-paint'].numericValue!), 'FCP', Math.round(lhr.audits['first-contentful-paint'].numericValue!), 'TBT', Math.round(lhr.audits['total-blocking-time'].numericValue!));
const settings = lhr.configSettings;
const context = { computedCache: new Map(), settings };
const m: any = await LanternLargestContentfulPaint.request({ trace: a.Trace, devtoolsLog: a.DevtoolsLog, gatherContext: a.GatherContext, settings, URL: a.URL, SourceMaps: a.SourceMaps, simulator: null }, context);
for (const which of ['optimisticEstimate', 'pessimisticEstimate']) {
  const est = m[which];
  console.log(which, Math.round(est.timeInMs));
  const rows = [...est.nodeTimings.entries()].map(([node, t]: any) => ({ what: node.type === 'network' ? `${node.request.resourceType} ${node.request.url.replace(base, '').slice(0, 60)}` : `cpu ${Math.round(node.duration / 1000)}ms ${node.childEvents.filter((e: any) => e.dur > 1000).map((e: any) => e.name).slice(0, 3).join(',')}`, start: Math.round(t.startTime), end: Math.round(t.endTime) }));
  rows.sort((x, y) => x.start - y.start);
  for (const row of rows) console.log(`  ${String(row.start).padStart(5)} → ${String(row.end).padStart(5)}  ${row.what}`);
}
