// A local HTTP double of the parts of Google Wallet's REST API Pay Local uses, shaped from Google's reference
// (walletobjects v1) and its OAuth2 service-account flow:
// - POST /token: the JWT-bearer grant (grant_type urn:ietf:params:oauth:grant-type:jwt-bearer, assertion = an
//   RS256 JWT of iss = the account's email, scope, aud = this token URI, iat/exp); the assertion must verify
//   with the account's public key, else 400 {"error": "invalid_grant"}. 200 {access_token, expires_in, token_type}.
// - POST /walletobjects/v1/loyaltyClass and /loyaltyObject: insert (409 when the id exists; an object's class
//   must exist, else 404); PATCH /walletobjects/v1/loyaltyObject/{id}: merge into an existing one (404 otherwise).
//   Every call needs "Authorization: Bearer <a token this double issued>" (401 otherwise).
// Test controls: `classes`, `objects` (what Google holds), `requests` (method and path of each call).
import { createPublicKey, createVerify } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface GoogleWalletDouble {
  /** Base of the API (GOOGLE_WALLET_API_URL). */
  apiUrl: string;
  /** The token endpoint (the service account's token_uri). */
  tokenUri: string;
  classes: Map<string, Record<string, unknown>>;
  objects: Map<string, Record<string, unknown>>;
  requests: { method: string; path: string }[];
  close(): Promise<void>;
}

const SCOPE = 'https://www.googleapis.com/auth/wallet_object.issuer';

export async function startGoogleWalletDouble(account: { clientEmail: string; publicKeyPem: string }): Promise<GoogleWalletDouble> {
  const publicKey = createPublicKey(account.publicKeyPem);
  const classes = new Map<string, Record<string, unknown>>();
  const objects = new Map<string, Record<string, unknown>>();
  const requests: GoogleWalletDouble['requests'] = [];
  const tokens = new Set<string>();
  let base = '';

  /** The claims of an RS256 assertion signed by the account's key, or null. */
  function verifiedClaims(jwt: string): Record<string, any> | null {
    const [header, payload, signature] = jwt.split('.');
    if (!signature) return null;
    try {
      if (JSON.parse(Buffer.from(header, 'base64url').toString()).alg !== 'RS256') return null;
      const ok = createVerify('RSA-SHA256').update(`${header}.${payload}`).verify(publicKey, Buffer.from(signature, 'base64url'));
      return ok ? JSON.parse(Buffer.from(payload, 'base64url').toString()) : null;
    } catch {
      return null;
    }
  }

  const server: Server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const apiError = (code: number, message: string) => send(code, { error: { code, message } });
    const path = (req.url ?? '').split('?')[0];
    requests.push({ method: req.method ?? '', path });

    if (req.method === 'POST' && path === '/token') {
      const form = new URLSearchParams(text);
      const claims = form.get('grant_type') === 'urn:ietf:params:oauth:grant-type:jwt-bearer' ? verifiedClaims(form.get('assertion') ?? '') : null;
      const now = Date.now() / 1000;
      if (!claims || claims.iss !== account.clientEmail || claims.aud !== `${base}/token` || claims.scope !== SCOPE
        || !(claims.exp > now) || !(claims.iat <= now + 60)) {
        return send(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' });
      }
      const token = `ya29.double-${tokens.size + 1}`;
      tokens.add(token);
      return send(200, { access_token: token, expires_in: 3599, token_type: 'Bearer' });
    }

    const auth = req.headers.authorization?.replace(/^Bearer /, '');
    if (!auth || !tokens.has(auth)) return apiError(401, 'Request had invalid authentication credentials.');
    let body: Record<string, any>;
    try {
      body = JSON.parse(text);
    } catch {
      return apiError(400, 'Invalid JSON payload received.');
    }
    const match = /^\/walletobjects\/v1\/(loyaltyClass|loyaltyObject)(?:\/([^/]+))?$/.exec(path);
    if (!match) return apiError(404, 'Not found');
    const store = match[1] === 'loyaltyClass' ? classes : objects;
    const id = match[2] ? decodeURIComponent(match[2]) : undefined;
    if (req.method === 'POST' && !id) {
      if (typeof body.id !== 'string') return apiError(400, 'Missing resource id');
      if (store.has(body.id)) return apiError(409, `Resource already exists: ${body.id}`);
      if (store === objects && !classes.has(body.classId)) return apiError(404, `Class not found: ${body.classId}`);
      if (store === classes && (!body.programName || !body.programLogo?.sourceUri?.uri || !body.issuerName)) {
        return apiError(400, 'programName, programLogo and issuerName are required');
      }
      store.set(body.id, body);
      return send(200, body);
    }
    if (req.method === 'PATCH' && id) {
      const existing = store.get(id);
      if (!existing) return apiError(404, `Resource not found: ${id}`);
      const merged = { ...existing, ...body };
      store.set(id, merged);
      return send(200, merged);
    }
    return apiError(405, 'Method not allowed');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    apiUrl: base, tokenUri: `${base}/token`, classes, objects, requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
