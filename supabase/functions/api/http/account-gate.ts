import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';
import { ServiceBusy } from './http-error.ts';

/**
 * The account endpoints a stranger can call in a flood (sign-in, register, reset, verify, mail): each costs a
 * password hash or several statements (the limiter's count, a token lookup). From many addresses, no per-address
 * limit stops a flood, and on the embedded PGlite (one connection) their statements queue with everyone else's.
 * So at most `concurrency` of them run at once in this process, at most one starting per `minIntervalMs`; the next
 * `maxQueue` wait their turn BEFORE any
 * session or database work (holding nothing); past that, 503 with Retry-After (decision 175). The deal list,
 * the counter and every other route never wait on this gate.
 */
export const ACCOUNT_GATE_BUSY_MESSAGE = 'Too many sign-in and account requests right now. Please try again in a few seconds.';

const GATED = /^\/api\/(auth\/(login|register|reset-password|forgot-password|verify-email|resend-verification|change-password|staff-invite\/accept)|create-subscription)$/;

export function accountGate(
  options: { concurrency?: number; maxQueue?: number; retryAfterSeconds?: number; minIntervalMs?: number } = {},
): MiddlewareHandler<AppEnv> {
  const concurrency = options.concurrency ?? 1;
  // At most one start per 20 ms (50 a second per process): a flood that answers fast (bad reset tokens from new
  // addresses each time) otherwise took the server's whole event loop from every other request.
  const minIntervalMs = options.minIntervalMs ?? 20;
  let nextStart = 0;
  const maxQueue = options.maxQueue ?? 200;
  const retryAfterSeconds = options.retryAfterSeconds ?? 2;
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (c, next) => {
    if (c.req.method !== 'POST' || !GATED.test(c.req.path)) return next();
    if (running >= concurrency) {
      if (waiting.length >= maxQueue) throw new ServiceBusy(ACCOUNT_GATE_BUSY_MESSAGE, retryAfterSeconds);
      await new Promise<void>((resolve) => waiting.push(resolve));
    } else {
      running++;
    }
    try {
      const now = Date.now();
      const wait = nextStart - now;
      nextStart = Math.max(now, nextStart) + minIntervalMs;
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      await next();
    } finally {
      const following = waiting.shift();
      // The slot passes on (`running` stays) after a turn of the event loop: on PGlite a statement's promise
      // settles without one, so a queue of gated requests handed on at once ran back to back in microtasks and
      // other requests waited on I/O that was never read (the deal list got 0/s under a reset storm).
      if (following) setTimeout(following, 0);
      else running--;
    }
  };
}
