// What every request passes before the session lookup, in app.ts's order: the body limits, the origin check
// (CSRF) and the account gate (decision 175); and what the request says about itself that they and the session
// read: the client's address (behind trusted proxies) and whether it came over HTTPS, plus the security headers of
// every answer (decision 089), and the request's id with its one log line (issue 41). None of them touches the database.
import type { MiddlewareHandler } from 'hono';
import type { AppContext, AppDeps, AppEnv } from './context.ts';
import { HttpError, forbidden, ServiceBusy } from './http-error.ts';
import { MAX_UPLOAD_REQUEST_BYTES } from './image-upload.ts';
import { IMAGE_TOO_LARGE_MESSAGE } from '../../_shared/images.ts';
import { bytesToBase64 } from '../../_shared/encoding.ts';
import { logError, REQUEST_MS_BOUNDS, type FiguresSnapshot, type FiguresWriter, type RequestFiguresPort, type WebhookOutcome } from '../ports/log.ts';

/** Every JSON body of the API fits in this (the longest text field is a few hundred characters). */
export const JSON_BODY_MAX_BYTES = 16 * 1024;
/** Stripe event payloads are larger than our own JSON bodies; the signature is checked after reading. */
export const WEBHOOK_BODY_MAX_BYTES = 256 * 1024;
export const BODY_TOO_LARGE_MESSAGE = 'The request body is too large.';
/**
 * How long a client has to send its whole body once the headers are in (decision 175). A phone on a poor
 * connection sends a 16 KB JSON body in well under a second; an upload (at most a few MB) in well under this.
 */
export const BODY_READ_TIMEOUT_MS = 20_000;
export const BODY_TOO_SLOW_MESSAGE = 'The request body arrived too slowly. Please try again.';

const BODY_UNREADABLE_MESSAGE = 'The request body could not be read.';

/** Upload routes take the upload cap (the routes narrow it further with the image messages). */
const isUpload = (path: string) => /^\/api\/(objects\/upload\/|auth\/profile-picture$)/.test(path);

function limitFor(path: string): { max: number; message: string } {
  if (isUpload(path)) return { max: MAX_UPLOAD_REQUEST_BYTES, message: IMAGE_TOO_LARGE_MESSAGE };
  if (path.startsWith('/api/stripe/webhook')) return { max: WEBHOOK_BODY_MAX_BYTES, message: BODY_TOO_LARGE_MESSAGE };
  return { max: JSON_BODY_MAX_BYTES, message: BODY_TOO_LARGE_MESSAGE };
}

/**
 * Reads the whole body, at most `max` bytes and within `deadlineMs`: 413 the moment it passes the limit (the rest
 * is never read), 408 when the client stops sending. Null when the request has no body.
 */
async function readBody(request: Request, max: number, message: string, deadlineMs: number): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!request.body) return null;
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new HttpError(408, BODY_TOO_SLOW_MESSAGE)), deadlineMs);
  });
  try {
    for (;;) {
      const { done, value } = await Promise.race([
        reader.read().catch(() => { throw new HttpError(400, BODY_UNREADABLE_MESSAGE); }),
        late,
      ]);
      if (done) break;
      size += value.byteLength;
      if (size > max) throw new HttpError(413, message);
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel().catch(() => {});
    throw error;
  } finally {
    clearTimeout(timer);
  }
  const body = new Uint8Array(new ArrayBuffer(size));
  let at = 0;
  for (const chunk of chunks) { body.set(chunk, at); at += chunk.byteLength; }
  return body;
}

/**
 * Every request body is read in full, within its size limit and a time limit, BEFORE any later middleware runs
 * (decision 175): the session middleware opens the request's database transaction, and a client that sends its
 * body slowly (or never) must not hold that connection. A declared Content-Length over the limit is refused
 * without reading; a streamed body is counted as it arrives and refused (413 `{message}`) the moment it passes the
 * limit; a body that has not arrived within BODY_READ_TIMEOUT_MS is refused with 408. The handlers then read the
 * buffered copy.
 */
export function bodyLimits(deadlineMs = BODY_READ_TIMEOUT_MS): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // GET and HEAD carry no body a handler could read (a Request cannot have one); asking for it made the
    // Node adapter build a full Request per read (decision 140).
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const { max, message } = limitFor(c.req.path);
    const declared = c.req.header('content-length');
    if (declared !== undefined && Number(declared) > max) throw new HttpError(413, message);
    const body = await readBody(c.req.raw, max, message, deadlineMs);
    if (body) c.req.raw = new Request(c.req.raw.url, { method: c.req.raw.method, headers: c.req.raw.headers, body });
    return next();
  };
}

// ---------------------------------------------------------------- the origin check
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF guard: a state-changing call must come from our own origin (or an allowed one). Browsers
 * always send Origin on cross-site POST/PUT/PATCH/DELETE; calls without it (curl, webhooks) carry
 * no ambient cookie risk beyond SameSite=Lax.
 */
export function originGuard(exempt: (path: string) => boolean = () => false): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (safeMethods.has(c.req.method) || exempt(c.req.path)) return next();
    const origin = c.req.header('origin');
    const fetchSite = c.req.header('sec-fetch-site');
    if (fetchSite === 'cross-site' && !origin) throw forbidden('Cross-site request refused');
    if (origin) {
      const own = new URL(c.req.url).origin;
      const hops = c.var.deps.config.trustedProxyHops;
      // Forwarded host and protocol only from our own proxies (TRUSTED_PROXY_HOPS; decision 176).
      const forwardedHost = forwardedValue(c.req.header('x-forwarded-host'), hops);
      const allowed = new Set([own, ...c.var.deps.config.allowedOrigins]);
      if (forwardedHost) allowed.add(`${forwardedValue(c.req.header('x-forwarded-proto'), hops) ?? 'https'}://${forwardedHost}`);
      if (!allowed.has(origin)) throw forbidden('Cross-site request refused');
    }
    return next();
  };
}

// ---------------------------------------------------------------- the account gate

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

// ---------------------------------------------------------------- the client's address
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

// ---------------------------------------------------------------- the request id and the request's log line

/** An X-Request-Id our proxy may hand on: short and plain, so it can go into a log line and a header as it is. */
const PLAIN_REQUEST_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The request's id: the one our own proxy sent (TRUSTED_PROXY_HOPS > 0, as for the client address), when it is
 * plain; else a fresh random one. Without a proxy of ours in front, the client writes the header, and an id it chose
 * could be made to collide with another request's or to carry text into the logs, so it is ignored.
 */
export function requestIdOf(incoming: string | undefined, hops: number): string {
  if (hops > 0 && incoming && PLAIN_REQUEST_ID.test(incoming)) return incoming;
  return crypto.randomUUID();
}

/**
 * Registered first (app.ts), so every answer carries X-Request-Id, the refusals of the later middleware and errors
 * included, and errors logged for the request name it (errors.ts). When the answer is made, one line goes to
 * deps.requestLog (ports/log.ts): the route's pattern, never its path or query, and nothing the client sent; the same
 * figures go to the console's in-memory sums (RequestFigures below).
 */
export function requestLogging(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const started = performance.now();
    const id = requestIdOf(c.req.header('x-request-id'), deps.config.trustedProxyHops);
    c.set('requestId', id);
    c.header('X-Request-Id', id); // set before the answer is made (decision 140), as the security headers are
    await next();
    const line = {
      t: new Date().toISOString(),
      id,
      method: c.req.method,
      route: c.req.routePath,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    };
    deps.requestLog(line);
    // Summed in memory for the operator's console; written at most once a minute, never awaited here (decision 195).
    deps.monitor.stats.record(line);
    deps.monitor.stats.flushIfDue();
  };
}

// ---------------------------------------------------------------- the request figures of the operator's console
// What this API process has answered since it last wrote them (decision 195): requests per route pattern and hour
// with a small latency histogram, requests and 5xx per minute, Stripe webhook outcomes per hour. Summed in memory
// here, on every request's path (a few map updates, never a statement), and written at most once a minute by
// `write` (system/request-stats.ts). Per process: on the Edge Function per isolate, and what an isolate held when it
// was shut down is lost.

interface RouteFigures { requests: number; clientErrors: number; serverErrors: number; totalMs: number; histogram: number[] }
interface MinuteFigures { requests: number; serverErrors: number }
interface WebhookFigures { events: number; lastAt: number; lastEventType: string | null }

const HOUR_MS = 3_600_000;
const MINUTE_MS = 60_000;
const hourOf = (at: number) => Math.floor(at / HOUR_MS) * HOUR_MS;
const minuteOf = (at: number) => Math.floor(at / MINUTE_MS) * MINUTE_MS;
/** Stripe event types are dotted words; anything else is not kept (it came from the request). */
const PLAIN_EVENT_TYPE = /^[a-z_.]{1,80}$/;

/** The bucket a request of `ms` falls in. */
export const bucketOf = (ms: number) => {
  const i = REQUEST_MS_BOUNDS.findIndex((bound) => ms <= bound);
  return i === -1 ? REQUEST_MS_BOUNDS.length : i;
};

export class RequestFigures implements RequestFiguresPort {
  private routes = new Map<string, RouteFigures>();
  private minutes = new Map<number, MinuteFigures>();
  private webhooks = new Map<string, WebhookFigures>();
  private lastFlush: number;
  private flushing: Promise<void> | null = null;

  /**
   * `write`: how the sums reach the database (system/request-stats.ts, figuresWriter); `autoFlushMs`: flushIfDue
   * writes at most this often; null: only explicit flushes (the tests).
   */
  constructor(private readonly options: { write: FiguresWriter; autoFlushMs?: number | null; now?: () => number }) {
    this.lastFlush = this.now();
  }

  private now() {
    return this.options.now ? this.options.now() : Date.now();
  }

  /** One answered request: its route pattern (never its path), status and time taken. */
  record(line: { method: string; route: string; status: number; ms: number }, at = this.now()): void {
    const key = `${hourOf(at)} ${line.method} ${line.route}`;
    let route = this.routes.get(key);
    if (!route) {
      route = { requests: 0, clientErrors: 0, serverErrors: 0, totalMs: 0, histogram: new Array(REQUEST_MS_BOUNDS.length + 1).fill(0) };
      this.routes.set(key, route);
    }
    route.requests++;
    route.totalMs += line.ms;
    route.histogram[bucketOf(line.ms)]++;
    if (line.status >= 500) route.serverErrors++;
    else if (line.status >= 400) route.clientErrors++;
    const minute = minuteOf(at);
    const m = this.minutes.get(minute) ?? { requests: 0, serverErrors: 0 };
    m.requests++;
    if (line.status >= 500) m.serverErrors++;
    this.minutes.set(minute, m);
  }

  /** One Stripe webhook call and how it ended; the event's type only when the signature held. */
  recordWebhook(outcome: WebhookOutcome, eventType: string | null, at = this.now()): void {
    const key = `${hourOf(at)} ${outcome}`;
    const w = this.webhooks.get(key) ?? { events: 0, lastAt: 0, lastEventType: null };
    w.events++;
    if (at >= w.lastAt) {
      w.lastAt = at;
      w.lastEventType = eventType && PLAIN_EVENT_TYPE.test(eventType) ? eventType : null;
    }
    this.webhooks.set(key, w);
  }

  /** Whether anything waits to be written. */
  get pending(): boolean {
    return this.routes.size > 0 || this.webhooks.size > 0;
  }

  /**
   * Writes what was summed since the last flush, in one statement, and starts over. When the write fails, the
   * figures are put back and go with the next flush.
   */
  async flush(now = this.now(), writer: FiguresWriter = this.options.write): Promise<void> {
    if (this.flushing) await this.flushing;
    this.lastFlush = now;
    if (!this.pending) return;
    const routes = this.routes;
    const minutes = this.minutes;
    const webhooks = this.webhooks;
    this.routes = new Map();
    this.minutes = new Map();
    this.webhooks = new Map();
    const figures: FiguresSnapshot = {
      routes: [...routes].map(([key, r]) => {
        const [hour, method, ...route] = key.split(' ');
        return { hour: new Date(Number(hour)).toISOString(), method, route: route.join(' '), ...r };
      }),
      minutes: [...minutes].map(([minute, m]) => ({ minute: new Date(minute).toISOString(), ...m })),
      webhooks: [...webhooks].map(([key, w]) => {
        const [hour, outcome] = key.split(' ');
        return { hour: new Date(Number(hour)).toISOString(), outcome, events: w.events, lastAt: new Date(w.lastAt).toISOString(), lastEventType: w.lastEventType };
      }),
    };
    const write = writer(figures, now).then(() => {}, (error) => {
      this.putBack(routes, minutes, webhooks);
      throw error;
    });
    this.flushing = write.finally(() => { this.flushing = null; }).catch(() => {});
    await write;
  }

  /** After a request: writes when the last write is at least autoFlushMs old. Never throws; never awaited by a request. */
  flushIfDue(): void {
    const every = this.options.autoFlushMs;
    if (every == null || this.flushing || this.now() - this.lastFlush < every) return;
    this.flush().catch((error) => logError('Request figures not written', error));
  }

  private putBack(routes: Map<string, RouteFigures>, minutes: Map<number, MinuteFigures>, webhooks: Map<string, WebhookFigures>) {
    for (const [key, r] of routes) {
      const now = this.routes.get(key);
      if (!now) { this.routes.set(key, r); continue; }
      now.requests += r.requests; now.clientErrors += r.clientErrors; now.serverErrors += r.serverErrors; now.totalMs += r.totalMs;
      r.histogram.forEach((n, i) => { now.histogram[i] += n; });
    }
    for (const [key, m] of minutes) {
      const now = this.minutes.get(key);
      if (!now) { this.minutes.set(key, m); continue; }
      now.requests += m.requests; now.serverErrors += m.serverErrors;
    }
    for (const [key, w] of webhooks) {
      const now = this.webhooks.get(key);
      if (!now) { this.webhooks.set(key, w); continue; }
      now.events += w.events;
      if (w.lastAt > now.lastAt) { now.lastAt = w.lastAt; now.lastEventType = w.lastEventType; }
    }
  }
}

// ---------------------------------------------------------------- security headers (decision 089)
// Security headers of every answer (decision 089). The API answers JSON: nothing in it may run or be framed.
// The web app's policy allows its own files, the hashes of index.html's inline scripts (never
// 'unsafe-inline' for scripts), Stripe Elements, and Supabase (Realtime, Storage) in production.
/** Headers every answer carries, page or API. */
export const COMMON_SECURITY_HEADERS: Record<string, string> = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  // The camera and geolocation for the app's own pages only: the counter scans member passes (decision 167);
  // "Near me" asks where the member stands (decision 209).
  'Permissions-Policy': 'camera=(self), microphone=(), geolocation=(self), payment=(self "https://js.stripe.com"), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
};

export const HSTS = 'max-age=31536000; includeSubDomains';

/** The API's policy: JSON only; nothing loads, runs or frames it. */
export const API_CSP = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

const STRIPE = 'https://js.stripe.com';
const SUPABASE = 'https://*.supabase.co';

/**
 * The origins of the members' map (decision 209): MAP_STYLE_URL's and MAP_ORIGINS' (its tiles, glyphs, sprites),
 * as the place that writes the web's CSP reads them from its environment. None configured: none allowed.
 */
export function mapOrigins(env: { MAP_STYLE_URL?: string; MAP_ORIGINS?: string | string[] }): string[] {
  const more = typeof env.MAP_ORIGINS === 'string' ? env.MAP_ORIGINS.split(',') : env.MAP_ORIGINS ?? [];
  const urls = [env.MAP_STYLE_URL ?? '', ...more].map((u) => u.trim()).filter(Boolean);
  const origins = new Set<string>();
  for (const url of urls) {
    try { origins.add(new URL(url).origin); } catch { throw new Error(`MAP_STYLE_URL and MAP_ORIGINS must be URLs: ${url}`); }
  }
  return [...origins];
}

/** The web app's policy, given the `'sha256-…'` sources of its inline scripts and the map's origins. */
export function webAppCsp(scriptHashes: string[], map: string[] = []): string {
  const mapSources = map.map((origin) => ` ${origin}`).join('');
  return [
    "default-src 'self'",
    `script-src 'self' ${STRIPE} ${scriptHashes.map((h) => `'${h}'`).join(' ')}`.trim(),
    // Inline style attributes and <style> elements some components inject; scripts stay hash-only.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${SUPABASE} https://*.stripe.com${mapSources}`,
    "font-src 'self' data:",
    `connect-src 'self' ${SUPABASE} wss://*.supabase.co https://api.stripe.com${mapSources}`,
    `frame-src ${STRIPE} https://hooks.stripe.com`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The inline `<script>` bodies of an HTML page (those without src), for hashing. */
export const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)].map((m) => m[1]);

/** `sha256-<base64>` of a script body, as CSP wants it. */
export async function scriptHash(body: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(body)));
  return `sha256-${bytesToBase64(digest)}`;
}

/**
 * True when the request reached us over HTTPS (directly, or per our proxy in front): `forwardedProto` is
 * X-Forwarded-Proto as forwardedValue (above) reads it, undefined without TRUSTED_PROXY_HOPS.
 */
export const isSecureRequest = (url: string, forwardedProto: string | undefined) =>
  url.startsWith('https:') || forwardedProto === 'https';
