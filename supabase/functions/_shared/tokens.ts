// Opaque random tokens and their hashes (same code in Node and Deno).
import { createHash } from 'node:crypto';
import { bytesToBase64Url } from './encoding.ts';

export function randomToken(bytes = 32): string {
  const data = crypto.getRandomValues(new Uint8Array(bytes));
  return bytesToBase64Url(data);
}

/**
 * SHA-256 of `text` as hex. Synchronous node:crypto (Deno has it too): every signed-in request
 * hashes its session token, and WebCrypto's digest, a job on the thread pool, cost about 0.3 ms of
 * CPU per request under load (decision 130).
 */
export async function sha256Hex(text: string): Promise<string> {
  return createHash('sha256').update(text).digest('hex');
}

const encoder = new TextEncoder();

/** Compares two secrets through their SHA-256 digests, so the time taken says nothing about either. */
export async function sameSecret(a: string, b: string): Promise<boolean> {
  const [x, y] = await Promise.all([a, b].map(async (s) => new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(s)))));
  let diff = 0;
  for (let i = 0; i < x.length; i++) diff |= x[i] ^ y[i];
  return diff === 0;
}
