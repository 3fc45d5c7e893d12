// JSON Web Tokens with Web Crypto (same code in Node and Deno): HS256 (a shared secret), ES256
// (an asymmetric P-256 key given as a private JWK, e.g. a Supabase project's imported signing key) and RS256
// (an RSA key in PKCS #8 PEM, as a Google service account's key file holds it; decision 207).

import { base64ToBytes, bytesToBase64Url as base64Url, textToBase64Url } from '../../_shared/encoding.ts';

const encoder = new TextEncoder();

const base64UrlJson = (value: unknown) => textToBase64Url(JSON.stringify(value));

/**
 * The one JWT signer (decision 178): a compact JWS of `header` and `claims` with a WebCrypto key, HMAC for
 * HS256, ECDSA P-256 for ES256 or RSASSA-PKCS1-v1_5 with SHA-256 for RS256. Web Crypto's ECDSA signature is
 * r || s (IEEE P1363), which is exactly JWS's ES256 encoding; its PKCS #1 v1.5 signature is RS256's as is.
 * Realtime tokens (below), VAPID tokens (ports/push) and Google Wallet's service-account tokens all sign here.
 */
export async function signJwt(header: { alg: 'HS256' | 'ES256' | 'RS256' } & Record<string, unknown>, claims: Record<string, unknown>, key: CryptoKey): Promise<string> {
  const unsigned = `${base64UrlJson(header)}.${base64UrlJson(claims)}`;
  const algorithm = header.alg === 'HS256' ? 'HMAC' : header.alg === 'RS256' ? 'RSASSA-PKCS1-v1_5' : { name: 'ECDSA', hash: 'SHA-256' };
  return `${unsigned}.${base64Url(new Uint8Array(await crypto.subtle.sign(algorithm, key, encoder.encode(unsigned))))}`;
}

/** Signs `claims` as a compact HS256 JWT. */
export async function signHs256(claims: Record<string, unknown>, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return signJwt({ alg: 'HS256', typ: 'JWT' }, claims, key);
}

/** A private EC P-256 key as a JWK (kty EC, crv P-256, x, y, d), with the key id verifiers look it up by. */
export interface Es256PrivateJwk {
  kty: 'EC';
  crv: 'P-256';
  x: string;
  y: string;
  d: string;
  kid: string;
  alg?: string;
}

/**
 * Reads a private ES256 JWK from its JSON text (a secret). Accepts a bare JWK or a JWK set holding one
 * key, as `supabase gen signing-key` prints. Throws a message naming what is wrong, never the key.
 */
export function parseEs256PrivateJwk(text: string): Es256PrivateJwk {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error('is not JSON (expected a private JWK)');
  }
  if (value && typeof value === 'object' && Array.isArray((value as { keys?: unknown }).keys)) {
    const keys = (value as { keys: unknown[] }).keys;
    if (keys.length !== 1) throw new Error('holds a key set with more than one key (give the one signing key)');
    value = keys[0];
  }
  const jwk = value as Partial<Record<keyof Es256PrivateJwk, unknown>>;
  if (jwk?.kty !== 'EC' || jwk.crv !== 'P-256') throw new Error('is not an EC P-256 key (ES256)');
  for (const field of ['x', 'y', 'd', 'kid'] as const) {
    if (typeof jwk[field] !== 'string' || !jwk[field]) throw new Error(`lacks "${field}"${field === 'd' ? ' (a public key cannot sign)' : ''}`);
  }
  if (jwk.alg !== undefined && jwk.alg !== 'ES256') throw new Error(`has alg ${String(jwk.alg)}, expected ES256`);
  return jwk as Es256PrivateJwk;
}

const es256Keys = new WeakMap<Es256PrivateJwk, Promise<CryptoKey>>();

/** Signs `claims` as a compact ES256 JWT with `kid` in the header (the verifier picks the key from its JWKS). */
export async function signEs256(claims: Record<string, unknown>, jwk: Es256PrivateJwk): Promise<string> {
  let key = es256Keys.get(jwk);
  if (!key) {
    const { kty, crv, x, y, d } = jwk;
    key = crypto.subtle.importKey('jwk', { kty, crv, x, y, d }, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
    es256Keys.set(jwk, key);
  }
  return signJwt({ alg: 'ES256', typ: 'JWT', kid: jwk.kid }, claims, await key);
}

/**
 * Imports an RSA private key in PKCS #8 PEM ("-----BEGIN PRIVATE KEY-----", the `private_key` of a Google
 * service account's JSON key) for RS256. Throws a message naming what is wrong, never the key.
 */
export async function importRs256PrivateKey(pem: string): Promise<CryptoKey> {
  const body = pem.match(/-----BEGIN PRIVATE KEY-----([\s\S]+?)-----END PRIVATE KEY-----/)?.[1];
  if (!body) throw new Error('is not a PKCS #8 private key in PEM (-----BEGIN PRIVATE KEY-----)');
  try {
    return await crypto.subtle.importKey('pkcs8', base64ToBytes(body.replace(/\s+/g, '')),
      { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }, false, ['sign']);
  } catch {
    throw new Error('is not an RSA private key (RS256)');
  }
}

/** Signs `claims` as a compact RS256 JWT; `kid` (the service account's private_key_id) goes in the header when given. */
export function signRs256(claims: Record<string, unknown>, key: CryptoKey, kid?: string): Promise<string> {
  return signJwt({ alg: 'RS256', typ: 'JWT', ...(kid ? { kid } : {}) }, claims, key);
}
