// Why Lighthouse's simulated LCP is what it is (decision 145): runs Lighthouse mobile once on a page of a running
// server and prints Lantern's simulated graph for LCP, each request and CPU task with its simulated start and end.
//   npx tsx bench/support/lantern-lcp.ts <base URL> [path=/app] [email password]
// The LCP is the latest end in the graph: the request that ends last (often the entry chunk) is the one to cut.
import lighthouse from 'lighthouse';
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js';
import { memberCookie, startDebugChromium } from '../../scripts/support/chromium.ts';

const [base = 'http://localhost:3000', path = '/app', email = 'member@paylocal.local', password = 'member12345'] = process.argv.slice(2);

interface SimulatedNode { type: string; duration: number; request: { resourceType: string; url: string }; childEvents: { name: string; dur: number }[] }

const cookie = await memberCookie(base, { email, password });
const chrome = await startDebugChromium();
try {
  const signedIn = path === '/' || path === '/browse-deals' ? undefined : { Cookie: cookie };
  const result = await lighthouse(`${base}${path}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'], extraHeaders: signedIn });
  if (!result) throw new Error('Lighthouse returned nothing');
  const { artifacts, lhr } = result as unknown as { artifacts: Record<string, unknown>; lhr: typeof result.lhr };
  const metric = (id: string) => Math.round(lhr.audits[id].numericValue ?? NaN);
  console.log(`${path}: LCP ${metric('largest-contentful-paint')} ms, FCP ${metric('first-contentful-paint')} ms, TBT ${metric('total-blocking-time')} ms`);
  const settings = lhr.configSettings;
  // Lighthouse's own computed artifact (its types are internal): the same simulation the LCP audit ran.
  const simulate = LanternLargestContentfulPaint.request as unknown as (data: unknown, context: unknown) => Promise<Record<string, unknown>>;
  const lcp = await simulate({
    trace: artifacts.Trace, devtoolsLog: artifacts.DevtoolsLog, gatherContext: artifacts.GatherContext, settings,
    URL: artifacts.URL, SourceMaps: artifacts.SourceMaps, simulator: null,
  }, { computedCache: new Map(), settings });
  for (const estimate of ['optimisticEstimate', 'pessimisticEstimate'] as const) {
    const { timeInMs, nodeTimings } = lcp[estimate] as unknown as { timeInMs: number; nodeTimings: Map<SimulatedNode, { startTime: number; endTime: number }> };
    console.log(`${estimate}: ${Math.round(timeInMs)} ms`);
    const rows = [...nodeTimings].map(([node, timing]) => ({
      what: node.type === 'network'
        ? `${node.request.resourceType} ${node.request.url.replace(base, '').slice(0, 70)}`
        : `CPU ${Math.round(node.duration / 1000)} ms observed: ${node.childEvents.filter((e) => e.dur > 1000).map((e) => e.name).slice(0, 3).join(', ')}`,
      start: Math.round(timing.startTime), end: Math.round(timing.endTime),
    })).sort((a, b) => a.start - b.start);
    for (const row of rows) console.log(`  ${String(row.start).padStart(5)} → ${String(row.end).padStart(5)}  ${row.what}`);
  }
} finally {
  await chrome.close();
}
