// The member's personal code (decision 190): a TOTP (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits) over one
// secret per member, shown on the pass sheet beside the QR and typed at the counter with the member number when
// the camera cannot read the pass. Only the API checks it (the tablet holds no member secrets). Web Crypto only,
// so the same code runs in the browser, Node and Deno.
import { passStepAt } from './member-pass.ts';

export const PERSONAL_CODE_DIGITS = 6;
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

/**
 * The wallet code (decision 207): what a Google Wallet pass's rotating QR holds, `PLW.<member number>.<personal
 * code>`. The phone computes the code itself from the member's secret (TOTP, the same steps and digits as the
 * personal code), so the counter reads the number and the code in one scan and the API checks it as a typed
 * personal code. Staff can also type the two parts shown under the QR.
 */
export const WALLET_CODE_PREFIX = 'PLW';

/** Google Wallet's pattern for one member: `{totp_value_0}` is replaced by the phone with the current code. */
export const walletCodePattern = (memberNumber: number) => `${WALLET_CODE_PREFIX}.${memberNumber}.{totp_value_0}`;

/** The wallet code of a member at one step (the value the phone shows then). */
export const walletCodeOf = (memberNumber: number, code: string) => `${WALLET_CODE_PREFIX}.${memberNumber}.${code}`;

/** The member number and personal code of a scanned wallet code, or null for any other text. */
export function parseWalletCode(text: string): { memberNumber: number; personalCode: string } | null {
  const match = new RegExp(`^${WALLET_CODE_PREFIX}\\.(\\d{1,10})\\.(\\d{${PERSONAL_CODE_DIGITS}})$`).exec(text.trim());
  if (!match) return null;
  const memberNumber = Number(match[1]);
  return memberNumber >= 1 && memberNumber <= 2_147_483_647 ? { memberNumber, personalCode: match[2] } : null;
}
