// The local runner's HTTP server with time limits on what a client sends (decision 175).
import { serve } from '@hono/node-server';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Node's own limits: the request line and headers within 10 s, the whole request (body included) within 30 s,
 * else Node answers 408 and closes the socket. The API also reads every body up front within its own deadline
 * (http/request-guards.ts) before any database work, so a slow sender never holds a connection. Answers that
 * stream for long (the realtime SSE stream) are not limited: these timers stop once the request is in.
 */
export const SERVER_TIMEOUTS = {
  headersTimeout: 10_000,
  requestTimeout: 30_000,
  /** An idle kept-alive socket is closed after this. */
  keepAliveTimeout: 5_000,
} as const;

export function listen(
  fetch: (request: Request, env: never) => Response | Promise<Response>,
  options: { port: number; hostname?: string; timeouts?: Partial<Record<keyof typeof SERVER_TIMEOUTS, number>> },
  onReady?: (info: AddressInfo) => void,
): Server {
  const timeouts = { ...SERVER_TIMEOUTS, ...options.timeouts };
  const server = serve({
    fetch: fetch as never, port: options.port, hostname: options.hostname,
    // Node checks these timers every connectionsCheckingInterval (30 s by default): every second instead.
    serverOptions: { headersTimeout: timeouts.headersTimeout, requestTimeout: timeouts.requestTimeout, connectionsCheckingInterval: 1_000 },
  }, onReady) as Server;
  server.keepAliveTimeout = timeouts.keepAliveTimeout;
  return server;
}
