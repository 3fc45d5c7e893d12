// Where the main thread's time goes on a page of the built app, under 4× CPU throttling (decision 135):
//   npx tsx bench/support/trace-app.ts <base URL> [path=/app] [email password]
// Signs in (the demo member by default), loads the page in Chromium with CDP CPU throttling, records a
// CPU profile (Profiler) and the long tasks (PerformanceObserver) until the network has been quiet for 5 s,
// then prints the long tasks and the self time per source module (mapped through dist/web's source maps
// when the build has them: `npx vite build --sourcemap`).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { chromium } from '@playwright/test';

const [base = 'http://localhost:3230', path = '/app', email = 'member@paylocal.local', password = 'member12345'] = process.argv.slice(2);
// TRACE_CPU_RATE=1 TRACE_LONG_MS=12: an unthrottled load with the tasks Lighthouse's simulation (×4) calls long.
const CPU_RATE = Number(process.env.TRACE_CPU_RATE ?? 4);
const LONG_US = Number(process.env.TRACE_LONG_MS ?? 50) * 1000;
const distAssets = join(import.meta.dirname, '..', '..', 'dist', 'web', 'assets');

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; children?: number[] }
interface Profile { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[]; startTime: number }
interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string; data?: { url?: string; functionName?: string; type?: string } } }

const maps = new Map<string, TraceMap | null>();
function moduleOf(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName ? `(${frame.functionName})` : '(program)';
  const file = new URL(frame.url).pathname.split('/').pop()!;
  if (!maps.has(file)) {
    const mapFile = join(distAssets, `${file}.map`);
    maps.set(file, existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null);
  }
  const map = maps.get(file);
  if (!map) return file;
  const pos = originalPositionFor(map, { line: frame.lineNumber + 1, column: Math.max(0, frame.columnNumber) });
  if (!pos.source) return file;
  return pos.source.replace(/^(\.\.\/)+/, '').replace(/.*node_modules\/(\.pnpm\/)?/, 'npm:').replace(/^npm:((@[^/]+\/)?[^/]+)\/.*/, 'npm:$1');
}

async function signIn(): Promise<string> {
  const res = await fetch(`${base}/api/auth/login`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Origin: base }, body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

const cookie = path === '/' || path === '/browse-deals' ? '' : await signIn();
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  const context = await browser.newContext({ serviceWorkers: 'block', viewport: { width: 412, height: 823 }, extraHTTPHeaders: cookie ? { Cookie: cookie } : {} });
  await context.addInitScript(`
    window.__longTasks = [];
    new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push({ start: Math.round(e.startTime), ms: Math.round(e.duration) }); })
      .observe({ type: 'longtask', buffered: true });
  `);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_RATE });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', (data) => { events.push(...(data.value as unknown as TraceEvent[])); });
  await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,loading', transferMode: 'ReportEvents' });
  await page.goto(`${base}${path}`);
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(5000);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const tracingDone = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.end');
  await tracingDone;
  const longTasks = (await page.evaluate('window.__longTasks')) as { start: number; ms: number }[];
  const timing = (await page.evaluate(`(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    const lcp = performance.getEntriesByType('largest-contentful-paint').at(-1);
    return { domContentLoaded: Math.round(nav.domContentLoadedEventEnd), load: Math.round(nav.loadEventEnd) };
  })()`)) as Record<string, number>;

  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const selfFn = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    const module = moduleOf(node.callFrame);
    if (module === '(idle)' || module === '(program)') return;
    total += ms;
    self.set(module, (self.get(module) ?? 0) + ms);
    const fn = `${node.callFrame.functionName || '(anonymous)'} @ ${module}`;
    selfFn.set(fn, (selfFn.get(fn) ?? 0) + ms);
  });
  // Each long task (a RunTask over 50 ms on the renderer's main thread): what ran in it, by event and by module.
  // The renderer main thread that ran the most (the page's, not about:blank's).
  const busy = new Map<string, number>();
  for (const e of events) if (e.name === 'RunTask' && e.ph === 'X') busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + (e.dur ?? 0));
  const mainKey = [...busy].sort((a, b) => b[1] - a[1]).find(([key]) => events.some((e) => `${e.pid}:${e.tid}` === key && e.name === 'thread_name' && e.args?.name === 'CrRendererMain'))?.[0];
  const main = mainKey ? { pid: Number(mainKey.split(':')[0]), tid: Number(mainKey.split(':')[1]) } : undefined;
  const sampleTimes: { ts: number; module: string }[] = [];
  let t = profile.startTime;
  profile.samples.forEach((id, i) => {
    t += profile.timeDeltas[i] ?? 0;
    sampleTimes.push({ ts: t, module: moduleOf(byId.get(id)!.callFrame) });
  });
  printTasks();
  // TRACE_WINDOW=from,to (ms after the navigation's first ParseHTML): what ran then, inclusive per app source file
  // (a sample counts for every web/src or shared file on its stack: which component or hook caused the work).
  if (process.env.TRACE_WINDOW && main) {
    const [from, to] = process.env.TRACE_WINDOW.split(',').map(Number);
    const navTs = events.find((e) => e.pid === main.pid && e.tid === main.tid && e.name === 'ParseHTML')?.ts ?? profile.startTime;
    const parent = new Map<number, number>();
    for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
    const inclusive = new Map<string, number>();
    let at = profile.startTime;
    profile.samples.forEach((id, i) => {
      at += profile.timeDeltas[i] ?? 0;
      const ms = (at - navTs) / 1000;
      if (ms < from || ms > to) return;
      const seen = new Set<string>();
      for (let node: number | undefined = id; node !== undefined; node = parent.get(node)) {
        const frame = byId.get(node)!.callFrame;
        const module = moduleOf(frame);
        if (!/^(web\/src|supabase)\//.test(module)) continue;
        seen.add(`${module} ${frame.functionName || '(anonymous)'}`);
      }
      for (const key of seen) inclusive.set(key, (inclusive.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    });
    console.log(`app code on the stack between ${from} and ${to} ms (inclusive):`);
    for (const [key, ms] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.log(`  ${ms.toFixed(1).padStart(7)} ms  ${key}`);
  }
  function printTasks() {
  if (main) {
    const onMain = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X');
    const navStart = onMain.find((e) => e.name === 'ParseHTML')?.ts ?? 0;
    const tasks = onMain.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) > LONG_US);
    // CPU time (tdur) as well as wall time: on a shared machine a task's wall time includes time the thread
    // waited for a core.
    const cpuLong = onMain.filter((e) => e.name === 'RunTask' && (e.tdur ?? 0) > LONG_US);
    const afterNav = (e: TraceEvent) => e.ts >= navStart;
    console.log(`trace: ${cpuLong.filter(afterNav).length} tasks over 50 ms of CPU time, ${Math.round(cpuLong.filter(afterNav).reduce((sum, e) => sum + e.tdur! / 1000 - 50, 0))} ms of CPU over 50 ms (blocking); ` +
      `main-thread CPU in all ${Math.round(onMain.filter((e) => e.name === 'RunTask' && afterNav(e)).reduce((sum, e) => sum + (e.tdur ?? 0), 0) / 1000)} ms; ` +
      `CPU-long tasks: ${cpuLong.filter(afterNav).map((e) => `${Math.round(e.tdur! / 1000)}@${Math.round((e.ts - navStart) / 1000)}`).join(', ')}`);
    if (process.env.TRACE_QUIET) return;
    console.log(`long tasks in the trace (${tasks.length}), from the first ParseHTML:`);
    for (const task of tasks) {
      const end = task.ts + task.dur!;
      const inside = onMain.filter((e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end && ['EvaluateScript', 'v8.evaluateModule', 'FunctionCall', 'TimerFire', 'EventDispatch', 'FireAnimationFrame', 'ParseHTML', 'Layout', 'UpdateLayoutTree', 'Paint', 'v8.compileModule', 'v8.compile', 'RunMicrotasks', 'V8.GCScavenger', 'MajorGC', 'MinorGC', 'PrePaint', 'Layerize', 'HitTest', 'FireIdleCallback', 'XHRReadyStateChange', 'ResourceReceivedData', 'ResourceFinish'].includes(e.name));
      const kinds = new Map<string, number>();
      for (const e of inside) {
        const label = e.name + (e.args?.data?.url ? ` ${e.args.data.url.split('/').pop()}` : '') + (e.args?.data?.type ? ` ${e.args.data.type}` : '');
        kinds.set(label, (kinds.get(label) ?? 0) + (e.dur ?? 0) / 1000);
      }
      const modules = new Map<string, number>();
      const inTask = sampleTimes.filter((s) => s.ts >= task.ts && s.ts <= end);
      for (const s of inTask) modules.set(s.module, (modules.get(s.module) ?? 0) + 1);
      const perSample = inTask.length ? task.dur! / 1000 / inTask.length : 0;
      console.log(`  ${Math.round(task.dur! / 1000)} ms at ${Math.round((task.ts - navStart) / 1000)} ms`);
      console.log(`     events: ${[...kinds].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([k, v]) => `${k} ${v.toFixed(0)}`).join('; ')}`);
      console.log(`     modules: ${[...modules].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([k, v]) => `${k} ${(v * perSample).toFixed(0)}`).join('; ')}`);
    }
  }
  }
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n);
  if (process.env.TRACE_QUIET) process.exit(0);
  console.log(`${path} under 4× CPU throttling: DOMContentLoaded ${timing.domContentLoaded} ms, load ${timing.load} ms`);
  console.log(`long tasks: ${longTasks.length}, ${longTasks.reduce((s, t) => s + t.ms, 0)} ms in all, ${longTasks.reduce((s, t) => s + Math.max(0, t.ms - 50), 0)} ms over 50 ms`);
  console.log(`  ${longTasks.map((t) => `${t.ms}@${t.start}`).join(', ')}`);
  console.log(`main-thread busy (sampled): ${Math.round(total)} ms; self time by module:`);
  for (const [name, ms] of top(self, 30)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
  console.log('by function:');
  for (const [name, ms] of top(selfFn, 25)) console.log(`  ${ms.toFixed(0).padStart(6)} ms  ${name}`);
} finally {
  await browser.close();
}
