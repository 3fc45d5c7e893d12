// The member's personal code (decision 190): a TOTP (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits) over one
// secret per member, shown on the pass sheet beside the QR and typed at the counter with the member number when
// the camera cannot read the pass. Only the API checks it (the tablet holds no member secrets). Web Crypto only,
// so the same code runs in the browser, Node and Deno.
import { PERSONAL_CODE_DIGITS, passStepAt } from './member-pass.ts';

export { PERSONAL_CODE_DIGITS };
/** A code from the step before or after the one of the check is still accepted (clocks and typing time). */
const PERSONAL_CODE_SKEW = 1;
/** The secret's length in bytes (RFC 4226 recommends 160 bits for HMAC-SHA1). */
export const PERSONAL_SECRET_BYTES = 20;

const HMAC_SHA1 = { name: 'HMAC', hash: 'SHA-1' } as const;

/** The personal code steps are the pass's steps, so the code changes together with the QR. */
export const personalCodeStepAt = passStepAt;

const importSecret = (secret: Uint8Array) =>
  crypto.subtle.importKey('raw', secret as BufferSource, HMAC_SHA1, false, ['sign']);

/** HOTP (RFC 4226) of one counter value with an imported key: dynamic truncation, then the last `digits` digits. */
async function hotp(key: CryptoKey, counter: number, digits: number): Promise<string> {
  const message = new Uint8Array(8);
  const view = new DataView(message.buffer);
  view.setUint32(0, Math.floor(counter / 2 ** 32));
  view.setUint32(4, counter >>> 0);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, message));
  const offset = mac[mac.length - 1] & 0x0f;
  const binary = ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The code of one step (`digits` is 6 for Pay Local; 8 only to check against RFC 6238's vectors). */
export async function personalCodeOfStep(secret: Uint8Array, step: number, digits = PERSONAL_CODE_DIGITS): Promise<string> {
  return hotp(await importSecret(secret), step, digits);
}

/** The code shown at `timeMs`. */
export const personalCodeAt = (secret: Uint8Array, timeMs: number, digits = PERSONAL_CODE_DIGITS) =>
  personalCodeOfStep(secret, personalCodeStepAt(timeMs), digits);

/**
 * The step a typed code belongs to at `atMs` (that step or one either way), or null. Always computes all three
 * codes and compares every one, so a wrong code costs the same time as a right one.
 */
export async function matchPersonalCode(secret: Uint8Array, code: string, atMs: number): Promise<number | null> {
  const key = await importSecret(secret);
  const now = personalCodeStepAt(atMs);
  let matched: number | null = null;
  for (let step = now - PERSONAL_CODE_SKEW; step <= now + PERSONAL_CODE_SKEW; step++) {
    const expected = await hotp(key, step, PERSONAL_CODE_DIGITS);
    let diff = expected.length ^ code.length;
    for (let i = 0; i < expected.length; i++) diff |= expected.charCodeAt(i) ^ code.charCodeAt(i);
    if (diff === 0 && matched === null) matched = step;
  }
  return matched;
}

