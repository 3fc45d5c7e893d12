// Rotating deal codes, RFC 6238 (TOTP) style: HMAC-SHA1 over the time-step counter, dynamic
// truncation, 6 digits. WebCrypto only, so the same code runs in Node, Deno and the browser.
// The code of a step is derived, never stored: rotation costs no write and no scheduled job.
import { DEAL_CODE_DIGITS, DEAL_CODE_STEP_SECONDS } from './constants.ts';

/** The time-step counter T = floor(unix seconds / step) of RFC 6238. */
export function codeStepAt(timeMs: number, stepSeconds = DEAL_CODE_STEP_SECONDS): number {
  return Math.floor(timeMs / 1000 / stepSeconds);
}

/** The instant a step's code stops being the current one. */
export function stepEndsAt(step: number, stepSeconds = DEAL_CODE_STEP_SECONDS): Date {
  return new Date((step + 1) * stepSeconds * 1000);
}

/** The 8-byte big-endian counter of RFC 4226. */
function counterBytes(counter: number): Uint8Array {
  const bytes = new Uint8Array(8);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, Math.floor(counter / 2 ** 32));
  view.setUint32(4, counter >>> 0);
  return bytes;
}

/** RFC 4226 HOTP value of one counter: dynamic truncation of HMAC-SHA1, `digits` decimal digits. */
export async function hotp(secret: Uint8Array, counter: number, digits = DEAL_CODE_DIGITS): Promise<string> {
  if (!Number.isSafeInteger(counter) || counter < 0) throw new RangeError('counter must be a non-negative integer');
  const key = await crypto.subtle.importKey('raw', secret as BufferSource, { name: 'HMAC', hash: 'SHA-1' }, false, ['sign']);
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, counterBytes(counter) as BufferSource));
  const offset = mac[mac.length - 1] & 0x0f;
  const binary =
    ((mac[offset] & 0x7f) << 24) | (mac[offset + 1] << 16) | (mac[offset + 2] << 8) | mac[offset + 3];
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export interface DealCode {
  code: string;
  step: number;
  expiresAt: Date;
}

/** The code a deal shows at `timeMs`, with the instant it rotates. */
export async function dealCodeAt(secret: Uint8Array, timeMs: number): Promise<DealCode> {
  const step = codeStepAt(timeMs);
  return { code: await hotp(secret, step), step, expiresAt: stepEndsAt(step) };
}

/**
 * The step a code entered at the counter belongs to: the current step first, then the previous
 * one (a member who opened the code just before it rotated). Null when it matches neither.
 */
export async function matchCodeStep(secret: Uint8Array, code: string, timeMs: number): Promise<number | null> {
  const current = codeStepAt(timeMs);
  for (const step of [current, current - 1]) {
    if ((await hotp(secret, step)) === code) return step;
  }
  return null;
}

export function hexToBytes(hex: string): Uint8Array {
  if (hex.length % 2 !== 0 || /[^0-9a-f]/i.test(hex)) throw new Error('invalid hex secret');
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
}
