// Rotating deal codes, RFC 6238 (TOTP) style: HMAC-SHA1 over the time-step counter, dynamic
// truncation, 6 digits. WebCrypto only, so the same code runs in Node, Deno and the browser.
// The code of a step is derived, never stored: rotation costs no write and no scheduled job.
//
// The HOTP key of a step is not the deal secret itself but the key of the step's window (an hour of
// steps): windowKey = HMAC-SHA256(secret, label ‖ window). An app that must show codes offline gets the
// keys of the coming windows only (decision 060): it can compute those codes, nothing later, and never
// learns the secret.
import { DEAL_CODE_DIGITS, DEAL_CODE_STEP_SECONDS, DEAL_CODE_WINDOW_STEPS } from './constants.ts';

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

/** The window (of DEAL_CODE_WINDOW_STEPS steps) a step belongs to. */
export function codeWindowOf(step: number, windowSteps = DEAL_CODE_WINDOW_STEPS): number {
  return Math.floor(step / windowSteps);
}

const WINDOW_LABEL = new TextEncoder().encode('pay-local/deal-code-window/v1:');

/** The HOTP key of every step in `window`: HMAC-SHA256(deal secret, label ‖ 8-byte window index). */
export async function codeWindowKey(secret: Uint8Array, window: number): Promise<Uint8Array> {
  if (!Number.isSafeInteger(window) || window < 0) throw new RangeError('window must be a non-negative integer');
  const message = new Uint8Array(WINDOW_LABEL.length + 8);
  message.set(WINDOW_LABEL);
  message.set(counterBytes(window), WINDOW_LABEL.length);
  const key = await crypto.subtle.importKey('raw', secret as BufferSource, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return new Uint8Array(await crypto.subtle.sign('HMAC', key, message as BufferSource));
}

/** The code of one step, from the deal secret (server) — the same as hotp(window key, step) on a device. */
export async function dealCodeForStep(secret: Uint8Array, step: number): Promise<string> {
  return hotp(await codeWindowKey(secret, codeWindowOf(step)), step);
}

export interface DealCode {
  code: string;
  step: number;
  expiresAt: Date;
}

/** The code a deal shows at `timeMs`, with the instant it rotates. */
export async function dealCodeAt(secret: Uint8Array, timeMs: number): Promise<DealCode> {
  const step = codeStepAt(timeMs);
  return { code: await dealCodeForStep(secret, step), step, expiresAt: stepEndsAt(step) };
}

/**
 * The step a code entered at the counter belongs to: the current step first, then the previous
 * one (a member who opened the code just before it rotated). Null when it matches neither.
 * `codeOfStep` may answer from a cache of derived codes (the API's counter does).
 */
export async function matchCodeStep(
  secret: Uint8Array, code: string, timeMs: number,
  codeOfStep: (step: number) => Promise<string> = (step) => dealCodeForStep(secret, step),
): Promise<number | null> {
  const current = codeStepAt(timeMs);
  for (const step of [current, current - 1]) {
    if ((await codeOfStep(step)) === code) return step;
  }
  return null;
}
