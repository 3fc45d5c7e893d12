// A local double of a Web Push service, shaped from RFC 8030 (POST to the subscription's endpoint with TTL,
// Urgency; 201 Created; 404/410 for a subscription that is gone; 429/5xx to slow down), RFC 8292 (VAPID:
// `Authorization: vapid t=<ES256 JWT>, k=<public key>`, aud = the endpoint's origin, exp within 24 h,
// sub mailto:/https:, and k must be the key the subscription was made with) and RFC 8291 (it decrypts the
// aes128gcm body with the subscription's private key and auth secret, the way a browser does).
// It plays the browser side too: subscribe() makes a P-256 key pair and auth secret like PushManager.
// Endpoints are https://push.test/send/<id>; `fetch` routes them to this server's loopback address.
import { createServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { base64UrlToBytes, bytesToBase64Url } from '../../supabase/functions/_shared/encoding.ts';

export const PUSH_DOUBLE_ORIGIN = 'https://push.test';
const encoder = new TextEncoder();

export interface DeliveredPush {
  subscriptionId: string;
  payload: any;
  ttl: number;
  urgency: string | null;
}

export interface PushDoubleSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushDouble {
  url: string;
  /** The origin of the endpoints (and the VAPID audience): https://push.test, or the TLS server's own. */
  origin: string;
  /** fetch that sends https://push.test/... to this double. */
  fetch: typeof fetch;
  subscribe(applicationServerKey: string): Promise<PushDoubleSubscription>;
  /** `count` subscriptions (the bench), sharing `distinctKeys` browser key pairs so making them stays cheap. */
  subscribeMany(count: number, applicationServerKey: string, distinctKeys?: number): Promise<PushDoubleSubscription[]>;
  /** Answers the next `times` requests for this endpoint (or every endpoint: '*') with `status`. */
  respond(endpoint: string | '*', status: number, times?: number, headers?: Record<string, string>): void;
  /** Forgets a subscription: later requests get 410 Gone. */
  expire(endpoint: string): void;
  delivered: DeliveredPush[];
  /** Requests refused for a protocol error (bad JWT, undecryptable body...), with the reason. */
  refused: { status: number; reason: string }[];
  requests: number;
  close(): Promise<void>;
}

interface Held {
  applicationServerKey: string;
  privateKey: CryptoKey;
  publicRaw: Uint8Array<ArrayBuffer>;
  auth: Uint8Array<ArrayBuffer>;
  expired: boolean;
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) { out.set(p, at); at += p.length; }
  return out;
};

const hkdf = async (salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, bytes: number) => {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
};

/** The user agent's side of RFC 8291 section 3.4 (one record, as RFC 8030 push messages are). */
export async function decryptPushBody(body: Uint8Array<ArrayBuffer>, held: { privateKey: CryptoKey; publicRaw: Uint8Array<ArrayBuffer>; auth: Uint8Array<ArrayBuffer> }) {
  if (body.length < 21 + 65 + 17) throw new Error('body too short');
  const salt = body.slice(0, 16);
  const rs = new DataView(body.buffer, body.byteOffset).getUint32(16);
  const idlen = body[20];
  if (idlen !== 65) throw new Error('keyid must be the 65-byte sender public key');
  if (rs < 18 || body.length - 86 > rs) throw new Error('record larger than rs');
  const asPublic = body.slice(21, 86);
  const asKey = await crypto.subtle.importKey('raw', asPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const ecdh = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: asKey }, held.privateKey, 256));
  const ikm = await hkdf(held.auth, ecdh, concat(encoder.encode('WebPush: info\0'), held.publicRaw, asPublic) as Uint8Array<ArrayBuffer>, 32);
  const cek = await hkdf(salt, ikm, encoder.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode('Content-Encoding: nonce\0'), 12);
  const aes = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
  const plain = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: nonce }, aes, body.slice(86)));
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end--;
  if (end < 0 || plain[end] !== 2) throw new Error('last record must end with the 0x02 delimiter');
  return new TextDecoder().decode(plain.subarray(0, end));
}

const verifiedTokens = new Map<string, string>();

/** Checks a VAPID Authorization header (RFC 8292 section 2-3); returns null when good, else the reason. */
export async function checkVapid(header: string | undefined, audience: string, expectedKey: string): Promise<string | null> {
  const match = /^vapid t=([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+), k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!match) return 'Authorization is not "vapid t=..., k=..."';
  const [, jwt, k] = match;
  if (k !== expectedKey) return 'k is not the key the subscription was made with';
  const [head, claimsPart, signature] = jwt.split('.');
  const header_ = JSON.parse(new TextDecoder().decode(base64UrlToBytes(head)));
  if (header_.alg !== 'ES256') return 'alg must be ES256';
  const claims = JSON.parse(new TextDecoder().decode(base64UrlToBytes(claimsPart)));
  if (claims.aud !== audience) return `aud must be ${audience}`;
  const now = Math.floor(Date.now() / 1000);
  if (typeof claims.exp !== 'number' || claims.exp <= now || claims.exp > now + 24 * 3600) return 'exp must be within 24 hours';
  if (typeof claims.sub !== 'string' || !/^(mailto:|https:)/.test(claims.sub)) return 'sub must be mailto: or https:';
  if (verifiedTokens.get(jwt) === k) return null;
  const key = await crypto.subtle.importKey('raw', base64UrlToBytes(k), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const ok = await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, base64UrlToBytes(signature), encoder.encode(`${head}.${claimsPart}`));
  if (!ok) return 'bad signature';
  verifiedTokens.set(jwt, k);
  return null;
}

/** decryptEvery: decrypt and check 1 in N bodies (the bench uses > 1 to keep the double's CPU out of the figure). */
/**
 * `tls`: serve HTTPS with this key and certificate (for a process that cannot take our fetch, e.g. the Deno
 * entry, told to trust the certificate); endpoints are then https://localhost:<port>/send/<id>.
 */
export async function startPushDouble(options: { decryptEvery?: number; tls?: { key: string; cert: string } } = {}): Promise<PushDouble> {
  const held = new Map<string, Held>();
  const delivered: DeliveredPush[] = [];
  const refused: PushDouble['refused'] = [];
  const scripted = new Map<string, { status: number; left: number; headers: Record<string, string> }>();
  let requests = 0;
  let counter = 0;
  const decryptEvery = options.decryptEvery ?? 1;

  let origin = PUSH_DOUBLE_ORIGIN;
  const handler = async (req: import('node:http').IncomingMessage, res: import('node:http').ServerResponse) => {
    requests++;
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const refuse = (status: number, reason: string) => {
      refused.push({ status, reason });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(reason);
    };
    const id = /^\/send\/([A-Za-z0-9_-]+)$/.exec(req.url ?? '')?.[1];
    if (req.method !== 'POST' || !id) return refuse(404, 'no such endpoint');
    const script = scripted.get(id) ?? scripted.get('*');
    if (script && script.left > 0) {
      script.left--;
      res.writeHead(script.status, script.headers).end();
      return;
    }
    const sub = held.get(id);
    if (!sub || sub.expired) {
      res.writeHead(410).end();
      return;
    }
    const ttl = Number(req.headers.ttl);
    if (!/^\d+$/.test(String(req.headers.ttl ?? ''))) return refuse(400, 'TTL header missing');
    if (req.headers['content-encoding'] !== 'aes128gcm') return refuse(400, 'Content-Encoding must be aes128gcm');
    const urgency = (req.headers.urgency as string | undefined) ?? null;
    if (urgency && !['very-low', 'low', 'normal', 'high'].includes(urgency)) return refuse(400, 'bad Urgency');
    const vapid = await checkVapid(req.headers.authorization, origin, sub.applicationServerKey);
    if (vapid) return refuse(403, vapid);
    const body = new Uint8Array(Buffer.concat(chunks));
    if (body.length > 4096) return refuse(413, 'payload too large');
    let payload: unknown = null;
    if (counter++ % decryptEvery === 0) {
      try {
        payload = JSON.parse(await decryptPushBody(body, sub));
      } catch (error) {
        return refuse(400, `cannot decrypt: ${(error as Error).message}`);
      }
    }
    delivered.push({ subscriptionId: id, payload, ttl, urgency });
    res.writeHead(201, { location: `${origin}/message/${delivered.length}` }).end();
  };
  const server: Server = options.tls ? createHttpsServer(options.tls, handler) : createServer(handler);
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const url = `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  if (options.tls) origin = `https://localhost:${port}`;
  const idOf = (endpoint: string) => endpoint.slice(`${origin}/send/`.length);

  return {
    url,
    origin,
    fetch: (input, init) => {
      const target = String(input instanceof Request ? input.url : input);
      return fetch(!options.tls && target.startsWith(PUSH_DOUBLE_ORIGIN) ? url + target.slice(PUSH_DOUBLE_ORIGIN.length) : target, init);
    },
    async subscribe(applicationServerKey) {
      const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']) as CryptoKeyPair;
      const publicRaw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
      const auth = crypto.getRandomValues(new Uint8Array(16));
      const id = bytesToBase64Url(crypto.getRandomValues(new Uint8Array(24)));
      held.set(id, { applicationServerKey, privateKey: pair.privateKey, publicRaw, auth, expired: false });
      return { endpoint: `${origin}/send/${id}`, keys: { p256dh: bytesToBase64Url(publicRaw), auth: bytesToBase64Url(auth) } };
    },
    async subscribeMany(count, applicationServerKey, distinctKeys = 16) {
      const pairs = await Promise.all(Array.from({ length: distinctKeys }, async () => {
        const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']) as CryptoKeyPair;
        const publicRaw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
        return { privateKey: pair.privateKey, publicRaw, auth: crypto.getRandomValues(new Uint8Array(16)) };
      }));
      return Array.from({ length: count }, (_, i) => {
        const pair = pairs[i % distinctKeys];
        const id = `many-${i}-${bytesToBase64Url(crypto.getRandomValues(new Uint8Array(9)))}`;
        held.set(id, { applicationServerKey, ...pair, expired: false });
        return { endpoint: `${origin}/send/${id}`, keys: { p256dh: bytesToBase64Url(pair.publicRaw), auth: bytesToBase64Url(pair.auth) } };
      });
    },
    respond(endpoint, status, times = 1, headers = {}) {
      scripted.set(endpoint === '*' ? '*' : idOf(endpoint), { status, left: times, headers });
    },
    expire(endpoint) {
      const sub = held.get(idOf(endpoint));
      if (sub) sub.expired = true;
    },
    delivered,
    refused,
    get requests() { return requests; },
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}
