/** Wait before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s ... capped at 30 s. */
export const reconnectDelayMs = (attempt: number) => Math.min(30_000, 1000 * 2 ** Math.max(0, attempt));
