// The member pass (decision 165): what the member's phone shows as a QR at the counter, good for every deal
// of a visit. The same code runs in the API, on the member's phone and on the counter tablet (Web Crypto).
//
// - The member's device makes an ECDSA P-256 key pair whose private half cannot be exported (kept in
//   IndexedDB). The API certifies its public half for at most OFFLINE_CODES_HOURS and never past the end of
//   the membership: certificate = payload (who, member number, first name, device key, times) signed with the
//   platform's pass key.
// - Every PASS_STEP_SECONDS the device signs (certificate signature, step) with its private key. The pass is
//   `PL1.<payload>.<certificate signature>.<step>.<pass signature>`.
// - A verifier (the API, or a counter tablet offline with the platform's public key) checks both signatures,
//   that the step is the current one (one step of skew either way) and that the certificate covers that moment.
// No other account can produce a pass for this member: that needs the device's private key, which never
// leaves the device, and a certificate, which the API gives only to the signed-in member.
import { OFFLINE_CODES_HOURS } from './constants.ts';
import type { MemberNumber } from './contract/common.ts';
import { base64UrlToBytes, bytesToBase64Url } from './encoding.ts';

export const PASS_STEP_SECONDS = 30;
/** Digits of the member's personal code (personal-code.ts), which steps with the pass and ends a wallet code. */
export const PERSONAL_CODE_DIGITS = 6;
export const PASS_PREFIX = 'PL1';
/** A pass step older or newer than this many steps (at the moment of the check) is refused. */
const PASS_STEP_SKEW = 1;
/** A certificate is good from a little before it was issued (clock skew) to its end. */
const CERT_SKEW_MS = 2 * 60_000;
export const PASS_CERT_MAX_MS = OFFLINE_CODES_HOURS * 3600_000;

const CERT_CONTEXT = 'pay-local/pass-certificate/v1.';
const PASS_CONTEXT = 'pay-local/pass/v1.';
const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;
const SIGN = { name: 'ECDSA', hash: 'SHA-256' } as const;
const encoder = new TextEncoder();

/** What the platform certifies: who the member is and the public key of one of their devices. */
export interface PassCertificate {
  v: 1;
  /** The platform key that signed it. */
  kid: string;
  /** The member's user id. */
  sub: string;
  /** Member number, as on the card. */
  mn: MemberNumber;
  /** First name, shown at the counter. */
  fn: string;
  /** The device's public key (P-256 point, base64url coordinates). */
  x: string;
  y: string;
  /** Issued and expiry, in seconds since the epoch. */
  iat: number;
  exp: number;
}

export const passStepAt = (timeMs: number) => Math.floor(timeMs / 1000 / PASS_STEP_SECONDS);
export const passStepEndsAt = (step: number) => (step + 1) * PASS_STEP_SECONDS * 1000;

const jsonToBase64Url = (value: unknown) => bytesToBase64Url(encoder.encode(JSON.stringify(value)));

/** A certificate string `<payload>.<signature>`, signed with the platform's private key. */
export async function certifyPassKey(payload: PassCertificate, platformKey: CryptoKey): Promise<string> {
  const body = jsonToBase64Url(payload);
  const signature = new Uint8Array(await crypto.subtle.sign(SIGN, platformKey, encoder.encode(CERT_CONTEXT + body)));
  return `${body}.${bytesToBase64Url(signature)}`;
}

/** The pass of one step: the certificate plus the device's signature over (certificate signature, step). */
export async function signPass(certificate: string, deviceKey: CryptoKey, step: number): Promise<string> {
  const certSignature = certificate.split('.')[1];
  const signature = new Uint8Array(
    await crypto.subtle.sign(SIGN, deviceKey, encoder.encode(`${PASS_CONTEXT}${certSignature}.${step}`)),
  );
  return `${PASS_PREFIX}.${certificate}.${step}.${bytesToBase64Url(signature)}`;
}

export interface ParsedPass {
  certificate: PassCertificate;
  body: string;
  certSignature: string;
  step: number;
  signature: string;
}

const B64URL = /^[A-Za-z0-9_-]+$/;

/** The parts of a pass, or null when the text is not one (a mistyped or foreign QR). */
export function parsePass(text: string): ParsedPass | null {
  const parts = text.trim().split('.');
  if (parts.length !== 5 || parts[0] !== PASS_PREFIX) return null;
  const [, body, certSignature, stepText, signature] = parts;
  if (![body, certSignature, signature].every((part) => B64URL.test(part)) || !/^\d{1,12}$/.test(stepText)) return null;
  try {
    const certificate = JSON.parse(new TextDecoder().decode(base64UrlToBytes(body))) as PassCertificate;
    if (certificate?.v !== 1 || typeof certificate.sub !== 'string' || !Number.isSafeInteger(certificate.mn)
      || typeof certificate.fn !== 'string' || typeof certificate.x !== 'string' || typeof certificate.y !== 'string'
      || typeof certificate.kid !== 'string' || !Number.isFinite(certificate.iat) || !Number.isFinite(certificate.exp)) return null;
    return { certificate, body, certSignature, step: Number(stepText), signature };
  } catch {
    return null;
  }
}

export type PassCheck =
  | { ok: true; pass: ParsedPass }
  | { ok: false; reason: string };

export const PASS_NOT_RECOGNISED = 'This is not a Pay Local member pass. Ask the member to open their pass in the app.';
export const PASS_EXPIRED = 'This pass has expired. Ask the member to open their pass again (a screenshot does not work).';
export const PASS_OFFLINE_TOO_LONG = 'This pass is too old to use offline. Ask the member to connect once to renew it.';

const verify = (key: CryptoKey, signature: string, data: string) =>
  crypto.subtle.verify(SIGN, key, base64UrlToBytes(signature) as BufferSource, encoder.encode(data));

/**
 * Checks a pass at `atMs`: the platform's signature (with the public key named by the certificate), the device's
 * signature, the step (current, one either way) and the certificate's time. Same answer on the server and on a
 * counter tablet offline.
 */
export async function checkPass(text: string, platformKeys: ReadonlyMap<string, CryptoKey>, atMs: number): Promise<PassCheck> {
  const pass = parsePass(text);
  if (!pass) return { ok: false, reason: PASS_NOT_RECOGNISED };
  const { certificate } = pass;
  const platformKey = platformKeys.get(certificate.kid);
  if (!platformKey) return { ok: false, reason: PASS_NOT_RECOGNISED };
  try {
    if (!(await verify(platformKey, pass.certSignature, CERT_CONTEXT + pass.body))) return { ok: false, reason: PASS_NOT_RECOGNISED };
    const deviceKey = await crypto.subtle.importKey(
      'jwk', { kty: 'EC', crv: 'P-256', x: certificate.x, y: certificate.y, ext: true }, ECDSA, false, ['verify'],
    );
    if (!(await verify(deviceKey, pass.signature, `${PASS_CONTEXT}${pass.certSignature}.${pass.step}`))) {
      return { ok: false, reason: PASS_NOT_RECOGNISED };
    }
  } catch {
    return { ok: false, reason: PASS_NOT_RECOGNISED };
  }
  if (atMs < certificate.iat * 1000 - CERT_SKEW_MS || atMs >= certificate.exp * 1000) return { ok: false, reason: PASS_OFFLINE_TOO_LONG };
  if (Math.abs(pass.step - passStepAt(atMs)) > PASS_STEP_SKEW) return { ok: false, reason: PASS_EXPIRED };
  return { ok: true, pass };
}

/** A new device key pair: the private half can sign but can never be read out (not even by the app). */
export const generateDeviceKey = () =>
  crypto.subtle.generateKey(ECDSA, false, ['sign', 'verify']) as Promise<CryptoKeyPair>;

/** The public coordinates the certificate names. */
export async function publicKeyCoordinates(publicKey: CryptoKey): Promise<{ x: string; y: string }> {
  const jwk = await crypto.subtle.exportKey('jwk', publicKey);
  return { x: jwk.x!, y: jwk.y! };
}

/** A platform public key (JWK with x, y) for verifying certificates. */
export const importPlatformPublicKey = (jwk: { x: string; y: string }) =>
  crypto.subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, ext: true }, ECDSA, false, ['verify']);

// ---------------------------------------------------------------- proof of the device key (decision 190)
const CHALLENGE_CONTEXT = 'pay-local/pass-challenge/v1.';

// P-256 (SEC 2 / FIPS 186-4): y^2 = x^3 - 3x + b over the prime field p.
const P256_P = 2n ** 256n - 2n ** 224n + 2n ** 192n + 2n ** 96n - 1n;
const P256_B = 0x5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604bn;

const coordinate = (text: string): bigint | null => {
  try {
    const bytes = base64UrlToBytes(text);
    if (bytes.length !== 32) return null;
    let value = 0n;
    for (const byte of bytes) value = (value << 8n) | BigInt(byte);
    return value;
  } catch {
    return null;
  }
};

/** Whether (x, y) (base64url, 32 bytes each) is a point on P-256: a certificate names no other. */
export function isP256Point(x: string, y: string): boolean {
  const px = coordinate(x);
  const py = coordinate(y);
  if (px === null || py === null || px >= P256_P || py >= P256_P) return false;
  return (py * py - (px * px * px - 3n * px + P256_B)) % P256_P === 0n;
}

/** The device's signature over a challenge from the API: proof that it holds the key it asks a certificate for. */
export async function signPassChallenge(challenge: string, deviceKey: CryptoKey): Promise<string> {
  return bytesToBase64Url(new Uint8Array(await crypto.subtle.sign(SIGN, deviceKey, encoder.encode(CHALLENGE_CONTEXT + challenge))));
}

/** Checks that signature with the point it names (checked to be on the curve first). */
export async function verifyPassChallenge(point: { x: string; y: string }, challenge: string, signature: string): Promise<boolean> {
  if (!isP256Point(point.x, point.y)) return false;
  try {
    const key = await crypto.subtle.importKey('jwk', { kty: 'EC', crv: 'P-256', x: point.x, y: point.y, ext: true }, ECDSA, false, ['verify']);
    return await verify(key, signature, CHALLENGE_CONTEXT + challenge);
  } catch {
    return false;
  }
}

/**
 * The wallet code (decision 207): what a Google Wallet pass's rotating QR holds, `PLW.<member number>.<personal
 * code>`. The phone computes the code itself from the member's secret (TOTP, the same steps and digits as the
 * personal code, personal-code.ts), so the counter reads the number and the code in one scan and the API checks
 * it as a typed personal code. Staff can also type the two parts.
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
