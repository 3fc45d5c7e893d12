// Sends one message per device: the payload encrypted for the subscription (RFC 8291), a VAPID JWT per push
// service origin (RFC 8292, reused for an hour), POSTed with TTL and Urgency (RFC 8030).
import { encryptPushPayload, importVapidKey, signVapidJwt, type VapidKeys } from './web-push-crypto.ts';
import type { PushMessage, PushOutcome, PushPort, PushTarget } from './push-port.ts';

const encoder = new TextEncoder();

export function webPushSender(keys: VapidKeys, fetchImpl: typeof fetch = (input, init) => fetch(input, init)): PushPort {
  const signingKey = importVapidKey(keys);
  // Catch once so an unused bad key is not an unhandled rejection; send() awaits the original.
  signingKey.catch(() => {});
  const tokens = new Map<string, { jwt: string; until: number }>();
  const tokenFor = async (audience: string) => {
    const now = Date.now();
    const cached = tokens.get(audience);
    if (cached && cached.until > now) return cached.jwt;
    const jwt = await signVapidJwt(await signingKey, audience, keys.subject);
    tokens.set(audience, { jwt, until: now + 3600_000 });
    return jwt;
  };

  return {
    publicKey: keys.publicKey,
    async send(target: PushTarget, message: PushMessage): Promise<PushOutcome> {
      const url = new URL(target.endpoint);
      if (url.protocol !== 'https:') return { kind: 'rejected', reason: 'endpoint is not https' };
      // Which hosts and ports a device may name is decided when it registers (push/router.ts and config.ts: allowed push hosts,
      // port 443 only); the sender trusts stored rows, so the real-Deno test can use its local HTTPS double.
      const body = await encryptPushPayload(encoder.encode(JSON.stringify(message.payload)), target);
      let response: Response;
      try {
        response = await fetchImpl(target.endpoint, {
          method: 'POST',
          headers: {
            authorization: `vapid t=${await tokenFor(url.origin)}, k=${keys.publicKey}`,
            'content-encoding': 'aes128gcm',
            'content-type': 'application/octet-stream',
            ttl: String(message.ttlSeconds),
            urgency: message.urgency,
          },
          body,
          redirect: 'manual',
          signal: AbortSignal.timeout(10_000),
        });
      } catch (error) {
        return { kind: 'retry', reason: (error as Error).name || 'network' };
      }
      await response.body?.cancel();
      if (response.status >= 200 && response.status < 300) return { kind: 'sent' };
      if (response.status === 404 || response.status === 410) return { kind: 'gone', status: response.status };
      if (response.status === 429 || response.status >= 500) {
        const retryAfter = Number.parseInt(response.headers.get('retry-after') ?? '', 10);
        return { kind: 'retry', reason: `HTTP ${response.status}`, ...(Number.isFinite(retryAfter) && retryAfter >= 0 ? { retryAfterSeconds: retryAfter } : {}) };
      }
      return { kind: 'rejected', reason: `HTTP ${response.status}` };
    },
  };
}
