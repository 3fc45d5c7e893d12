/**
 * Wait before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s ... capped at 30 s, "equal jitter": a random
 * point in the upper half of that step, so a server restart does not bring every client back in the same second
 * (decision 180). `random` is Math.random; tests pass their own.
 */
export function reconnectDelayMs(attempt: number, random: () => number = Math.random): number {
  const step = Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
  return Math.round(step / 2 + random() * (step / 2));
}
