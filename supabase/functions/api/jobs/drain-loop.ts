// The local runner's drain loop, shared by the mail outbox and the push queue (decision 178): run one drain,
// wait intervalMs, again, until stopped; a failed drain is logged (by name) and the loop goes on. The Edge
// Function drains on a schedule instead (POST /api/internal/drain-*). Also their retry backoff.

/** Seconds to wait before attempt `attempt + 1`: base, 2 × base, 4 × base... at most max. */
export const backoffSeconds = (attempt: number, base = 30, max = 3600) =>
  Math.min(max, base * 2 ** Math.max(0, attempt - 1));

/** Runs `drain` every intervalMs (after each one ends) until stopped. Returns stop(), which waits for the drain under way. */
export function startDrainLoop(name: string, drain: () => Promise<unknown>, intervalMs = 1000): () => Promise<void> {
  let stopped = false;
  let running: Promise<unknown> = Promise.resolve();
  const tick = async () => {
    if (stopped) return;
    running = drain().catch((error) => console.warn(`${name}: ${(error as Error).message}`));
    await running;
    if (!stopped) timer = setTimeout(tick, intervalMs);
  };
  let timer = setTimeout(tick, 0);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
