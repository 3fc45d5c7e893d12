// Web Push message encryption (RFC 8291, aes128gcm of RFC 8188) and VAPID (RFC 8292), with WebCrypto only
// so the same code runs in Node (local runner, tests) and Deno (the Edge Function).

import { base64UrlToBytes, bytesToBase64Url } from '../../../_shared/encoding.ts';
import { signJwt } from '../jwt.ts';

const encoder = new TextEncoder();

const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
};

const hkdf = async (salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, bytes: number) => {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
};

/** The record size written in the header; one record holds the whole message (at most 4096 bytes). */
export const RECORD_SIZE = 4096;
/** Largest plaintext that fits one 4096-byte record: 4096 - 86 (header) - 16 (tag) - 1 (delimiter). */
export const MAX_PLAINTEXT_BYTES = 3993;

/**
 * The aes128gcm content coding of RFC 8188 (section 2): header salt(16) | rs(4) | idlen(1) | keyid, then the
 * plaintext in records of `rs` bytes, each ending in the delimiter 0x01 (0x02 for the last), sealed with a
 * nonce that is the base nonce XOR the record's sequence number. No padding beyond the delimiter.
 */
export async function encryptContent(
  ikm: Uint8Array<ArrayBuffer>, plaintext: Uint8Array, { salt, keyid, rs = RECORD_SIZE }: { salt: Uint8Array<ArrayBuffer>; keyid: Uint8Array; rs?: number },
): Promise<Uint8Array<ArrayBuffer>> {
  if (salt.length !== 16) throw new Error('salt must be 16 bytes');
  if (keyid.length > 255) throw new Error('keyid longer than 255 bytes');
  if (rs < 18) throw new Error('record size below 18');
  const cek = await hkdf(salt, ikm, encoder.encode('Content-Encoding: aes128gcm\0'), 16);
  const baseNonce = await hkdf(salt, ikm, encoder.encode('Content-Encoding: nonce\0'), 12);
  const aes = await crypto.subtle.importKey('raw', cek, 'AES-GCM', false, ['encrypt']);
  const header = new Uint8Array(21);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, rs);
  header[20] = keyid.length;
  const perRecord = rs - 17; // 16 bytes of tag, 1 of delimiter
  const records: Uint8Array[] = [];
  for (let seq = 0, at = 0; seq === 0 || at < plaintext.length; seq++, at += perRecord) {
    const last = at + perRecord >= plaintext.length;
    const nonce = baseNonce.slice();
    const view = new DataView(nonce.buffer);
    view.setUint32(8, view.getUint32(8) ^ seq);
    records.push(new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, aes,
      concat(plaintext.subarray(at, at + perRecord), new Uint8Array([last ? 2 : 1])))));
  }
  return concat(header, keyid, ...records);
}

/**
 * Encrypts `plaintext` for one subscription (RFC 8291 section 3.4): a fresh ECDH key pair and salt per
 * message; the body is salt(16) | rs(4) | idlen(1) | keyid = our public key(65) | ciphertext, one record.
 */
export async function encryptPushPayload(
  plaintext: Uint8Array<ArrayBuffer>, subscription: { p256dh: string; auth: string },
): Promise<Uint8Array<ArrayBuffer>> {
  const asPair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']) as CryptoKeyPair;
  return encryptPushPayloadWith(plaintext, subscription, { salt: crypto.getRandomValues(new Uint8Array(16)), asPair });
}

/** encryptPushPayload with a given salt and sender key pair (tests reproduce RFC 8291 Appendix A with it). */
export async function encryptPushPayloadWith(
  plaintext: Uint8Array, subscription: { p256dh: string; auth: string }, { salt, asPair }: { salt: Uint8Array<ArrayBuffer>; asPair: CryptoKeyPair },
): Promise<Uint8Array<ArrayBuffer>> {
  if (plaintext.length > MAX_PLAINTEXT_BYTES) throw new Error('push payload too large');
  const uaPublic = base64UrlToBytes(subscription.p256dh);
  const authSecret = base64UrlToBytes(subscription.auth);
  if (uaPublic.length !== 65 || uaPublic[0] !== 4) throw new Error('p256dh is not an uncompressed P-256 point');
  if (authSecret.length !== 16) throw new Error('auth is not 16 bytes');
  const uaKey = await crypto.subtle.importKey('raw', uaPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const asPublic = new Uint8Array(await crypto.subtle.exportKey('raw', asPair.publicKey));
  const ecdhSecret = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: uaKey }, asPair.privateKey, 256));
  // IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" 0x00 ua_public as_public, 32)
  const ikm = await hkdf(authSecret, ecdhSecret, concat(encoder.encode('WebPush: info\0'), uaPublic, asPublic), 32);
  return encryptContent(ikm, plaintext, { salt, keyid: asPublic, rs: RECORD_SIZE });
}

/** VAPID keys as web-push tools write them: the public key an uncompressed point, the private key the 32-byte scalar. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: contact for the push service's operator. */
  subject: string;
}

export async function generateVapidKeys(): Promise<{ publicKey: string; privateKey: string }> {
  const pair = await crypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']) as CryptoKeyPair;
  const jwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
  const publicKey = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey));
  return { publicKey: bytesToBase64Url(publicKey), privateKey: jwk.d! };
}

/** Imports the VAPID private key (checking that it belongs to the public key). */
export async function importVapidKey(keys: { publicKey: string; privateKey: string }): Promise<CryptoKey> {
  const point = base64UrlToBytes(keys.publicKey);
  const d = base64UrlToBytes(keys.privateKey);
  if (point.length !== 65 || point[0] !== 4) throw new Error('VAPID_PUBLIC_KEY must be a base64url uncompressed P-256 point (65 bytes)');
  if (d.length !== 32) throw new Error('VAPID_PRIVATE_KEY must be a base64url P-256 private key (32 bytes)');
  const jwk: JsonWebKey = {
    kty: 'EC', crv: 'P-256', x: bytesToBase64Url(point.subarray(1, 33)), y: bytesToBase64Url(point.subarray(33, 65)),
    d: keys.privateKey, ext: true,
  };
  let key: CryptoKey;
  try {
    key = await crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
  } catch {
    // Node checks that d matches x and y; Deno defers that to the signature check below.
    throw new Error('VAPID_PRIVATE_KEY does not belong to VAPID_PUBLIC_KEY');
  }
  // A private key that does not match the public one would be refused by every push service: check now.
  const probe = encoder.encode('vapid-key-check');
  const signature = await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, key, probe);
  const publicKey = await crypto.subtle.importKey('raw', point, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  if (!(await crypto.subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, publicKey, signature, probe))) {
    throw new Error('VAPID_PRIVATE_KEY does not belong to VAPID_PUBLIC_KEY');
  }
  return key;
}

/** The VAPID JWT (ES256) for one push service origin; valid 12 hours (RFC 8292 allows at most 24). */
export async function signVapidJwt(key: CryptoKey, audience: string, subject: string, nowSeconds = Math.floor(Date.now() / 1000)) {
  return signJwt({ typ: 'JWT', alg: 'ES256' }, { aud: audience, exp: nowSeconds + 12 * 3600, sub: subject }, key);
}
