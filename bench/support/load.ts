// A closed-loop load generator: `connections` workers each send their next request as soon as the
// previous one answers, until `total` requests are done. Latencies are of whole API requests.

export interface LoadResult {
  requests: number;
  connections: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
}

export async function runLoad(connections: number, total: number, request: (i: number) => Promise<void>): Promise<LoadResult> {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(Array.from({ length: connections }, async () => {
    while (next < total) {
      const i = next++;
      const t0 = performance.now();
      await request(i);
      latencies.push(performance.now() - t0);
    }
  }));
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.ceil((p / 100) * latencies.length) - 1)];
  return { requests: total, connections, seconds, p50: at(50), p95: at(95), p99: at(99), max: latencies[latencies.length - 1] };
}

export const formatLoad = (r: LoadResult) =>
  `${r.requests} requests, ${r.connections} connections, ${(r.requests / r.seconds).toFixed(0)} req/s: ` +
  `p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms`;
