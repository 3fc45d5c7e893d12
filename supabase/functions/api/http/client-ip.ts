import type { AppContext } from './context.ts';

/**
 * What the runtime says about the connection, passed as the Hono env: the node server
 * (@hono/node-server) gives `incoming` (its IncomingMessage); the Deno entry passes `remoteAddr`
 * from Deno.serve's handler info.
 */
interface ConnectionEnv {
  incoming?: { socket?: { remoteAddress?: string } };
  remoteAddr?: { hostname?: string };
}

/** The connection's own peer address, or 'unknown' when the runtime gives none. */
export function socketAddress(env: unknown): string {
  const conn = (env ?? {}) as ConnectionEnv;
  return conn.incoming?.socket?.remoteAddress ?? conn.remoteAddr?.hostname ?? 'unknown';
}

/**
 * The client's address for rate limits (TRUSTED_PROXY_HOPS, decision 085).
 * - `hops` 0 (the default): forwarding headers are never read; the connection's address is the client.
 * - `hops` N > 0: N proxies we run sit in front and each appends the address it saw to X-Forwarded-For,
 *   so the Nth entry from the right is the client (entries further left are whatever the client sent).
 *   With fewer entries than N (the header is shorter than our proxies make it), the leftmost is used.
 */
export function clientAddress(forwardedFor: string | undefined, env: unknown, hops: number): string {
  if (hops <= 0 || !forwardedFor) return socketAddress(env);
  const entries = forwardedFor.split(',').map((e) => e.trim()).filter(Boolean);
  if (!entries.length) return socketAddress(env);
  return entries[Math.max(0, entries.length - hops)];
}

/** The client address of a request, by the app's TRUSTED_PROXY_HOPS. */
export const clientIp = (c: AppContext) =>
  clientAddress(c.req.header('x-forwarded-for'), c.env, c.var.deps.config.trustedProxyHops);

/**
 * X-Forwarded-Proto or X-Forwarded-Host as our own proxies set it, or undefined: read only with
 * TRUSTED_PROXY_HOPS > 0 (decision 176), since without a proxy of ours in front the client writes them.
 * Like X-Forwarded-For, the Nth value from the right is the one our outermost proxy saw (a proxy that
 * overwrites leaves one value).
 */
export function forwardedValue(header: string | undefined, hops: number): string | undefined {
  if (hops <= 0 || !header) return undefined;
  const values = header.split(',').map((v) => v.trim()).filter(Boolean);
  return values.length ? values[Math.max(0, values.length - hops)] : undefined;
}
