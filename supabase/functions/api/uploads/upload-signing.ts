// Signed upload addresses: one object key, an expiry, and an HMAC-SHA256 over both, so the
// browser can PUT exactly that object until it expires and nothing else (like an S3 presigned PUT).

import { bytesToHex } from '../../_shared/encoding.ts';

const encoder = new TextEncoder();

async function hmacHex(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = await crypto.subtle.sign('HMAC', key, encoder.encode(message));
  return bytesToHex(new Uint8Array(signature));
}

const signedText = (key: string, expires: number) => `PUT\n${key}\n${expires}`;

const UPLOAD_PATH_PREFIX = '/api/objects/upload/';

/** A relative address: /api/objects/upload/<key>?expires=<unix seconds>&signature=<hex>. */
export async function signUploadUrl(secret: string, key: string, expires: number): Promise<string> {
  const signature = await hmacHex(secret, signedText(key, expires));
  return `${UPLOAD_PATH_PREFIX}${key}?expires=${expires}&signature=${signature}`;
}

function equalInConstantTime(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return diff === 0;
}

export type UploadSignatureCheck = 'ok' | 'expired' | 'invalid';

export async function checkUploadSignature(
  secret: string, key: string, expires: string | undefined, signature: string | undefined, nowSeconds: number,
): Promise<UploadSignatureCheck> {
  const expiresAt = Number(expires);
  if (!expires || !signature || !Number.isInteger(expiresAt)) return 'invalid';
  if (!equalInConstantTime(await hmacHex(secret, signedText(key, expiresAt)), signature)) return 'invalid';
  return expiresAt > nowSeconds ? 'ok' : 'expired';
}

/** The object key an upload address or an /objects/ path names, or null. */
export function objectKeyFromAddress(address: string): string | null {
  let path: string;
  try {
    path = new URL(address, 'http://relative.invalid').pathname;
  } catch {
    return null;
  }
  if (path.startsWith(UPLOAD_PATH_PREFIX)) return decodeURIComponent(path.slice(UPLOAD_PATH_PREFIX.length));
  if (path.startsWith('/objects/')) return decodeURIComponent(path.slice('/objects/'.length));
  return null;
}
