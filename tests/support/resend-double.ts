// A local HTTP double of Resend's POST /emails, shaped from Resend's API reference: Bearer API key
// (401 missing_api_key / 403 invalid_api_key), JSON body with from, to (string or array), subject,
// html/text; 200 {"id": "..."}; Idempotency-Key kept 24 hours: the same key and body answers the first id
// without sending again, the same key with another body answers 409 invalid_idempotent_request.
// Test controls: failNext(status) makes the next sends fail.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ResendDouble {
  url: string;
  apiKey: string;
  /** Every POST /emails that reached the handler (also refused and replayed ones). */
  requests: { headers: Record<string, string | string[] | undefined>; body: any }[];
  /** Messages actually "delivered" (one per idempotency key). */
  delivered: { id: string; from: string; to: string[]; subject: string; html?: string; text?: string; idempotencyKey?: string }[];
  failNext(status: number, times?: number): void;
  close(): Promise<void>;
}

export async function startResendDouble(apiKey = 're_test_double_key'): Promise<ResendDouble> {
  const requests: ResendDouble['requests'] = [];
  const delivered: ResendDouble['delivered'] = [];
  const byKey = new Map<string, { id: string; bodyText: string }>();
  let failures: { status: number; left: number } | null = null;
  let n = 0;

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const bodyText = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const error = (statusCode: number, name: string, message: string) => send(statusCode, { statusCode, name, message });
    if (req.method !== 'POST' || req.url !== '/emails') return error(404, 'not_found', 'The requested endpoint does not exist.');
    let body: any = null;
    try { body = JSON.parse(bodyText); } catch { /* below */ }
    requests.push({ headers: req.headers, body });
    const auth = req.headers.authorization;
    if (!auth) return error(401, 'missing_api_key', 'Missing API key in the authorization header.');
    if (auth !== `Bearer ${apiKey}`) return error(403, 'invalid_api_key', 'API key is invalid');
    if (failures && failures.left > 0) {
      failures.left--;
      return error(failures.status, failures.status === 429 ? 'rate_limit_exceeded' : 'internal_server_error', 'Simulated failure');
    }
    if (!body || !body.from || !body.to || !body.subject || !(body.html || body.text)) {
      return error(422, 'validation_error', 'Missing required field.');
    }
    const key = req.headers['idempotency-key'] as string | undefined;
    if (key) {
      const seen = byKey.get(key);
      if (seen) {
        if (seen.bodyText !== bodyText) return error(409, 'invalid_idempotent_request', 'Same idempotency key used with a different request payload.');
        return send(200, { id: seen.id });
      }
    }
    const id = `4ef9a417-02e9-4d39-ad75-${(++n).toString().padStart(12, '0')}`;
    if (key) byKey.set(key, { id, bodyText });
    delivered.push({ id, from: body.from, to: [body.to].flat(), subject: body.subject, html: body.html, text: body.text, idempotencyKey: key });
    send(200, { id });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    requests,
    delivered,
    failNext(status, times = 1) { failures = { status, left: times }; },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
