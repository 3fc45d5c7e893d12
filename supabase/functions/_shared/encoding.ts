// Bytes as text: base64url (RFC 4648 section 5, no padding), base64 (CSP hashes, MIME words) and hex.
// The one place the project writes these (decision 178): eslint refuses `btoa`/`atob`, Buffer's base64 and
// hand-made `+/` → `-_` swaps anywhere else. Web APIs only, so the same code runs in Node, Deno and the browser.

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Bytes → standard base64 with padding (RFC 4648 section 4). */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  // In slices: String.fromCharCode(...bytes) overflows the call stack on large inputs.
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Bytes → base64url without padding: "+" → "-", "/" → "_". */
export const bytesToBase64Url = (bytes: Uint8Array): string =>
  bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/** Base64url without padding → bytes; throws on any other character (padding included) or an impossible length. */
export function base64UrlToBytes(text: string): Uint8Array<ArrayBuffer> {
  if (/[^A-Za-z0-9_-]/.test(text) || text.length % 4 === 1) throw new Error('invalid base64url');
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(text.length / 4) * 4, '='));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Standard base64 (padding optional) → bytes. */
export const base64ToBytes = (text: string): Uint8Array<ArrayBuffer> =>
  base64UrlToBytes(text.replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_'));

/** UTF-8 text → base64url. */
export const textToBase64Url = (text: string): string => bytesToBase64Url(encoder.encode(text));

/** Base64url → UTF-8 text. */
export const base64UrlToText = (text: string): string => decoder.decode(base64UrlToBytes(text));

/** UTF-8 text → standard base64. */
export const textToBase64 = (text: string): string => bytesToBase64(encoder.encode(text));

/** Bytes → lower-case hex. */
export const bytesToHex = (bytes: Uint8Array): string => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

/** Hex (either case, even length) → bytes. */
export function hexToBytes(hex: string): Uint8Array<ArrayBuffer> {
  if (hex.length % 2 !== 0 || /[^0-9a-f]/i.test(hex)) throw new Error('invalid hex');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}
