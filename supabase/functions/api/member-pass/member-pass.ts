// The member pass on the server (decision 165): the platform's pass keys, certificates for a member's device,
// and the check of a scanned pass before the redemption rule (private.record_deal_redemption) records it.
import type { PassKeysAnswer, PassCertificateAnswer } from '../../_shared/contract/member-pass.ts';
import {
  certifyPassKey, checkPass, importPlatformPublicKey, PASS_CERT_MAX_MS, type PassCheck, parseWalletCode,
} from '../../_shared/member-pass.ts';
import { PERSONAL_CODE_REFUSED_MESSAGE } from '../../_shared/contract/counter.ts';
import { bytesToBase64Url } from '../../_shared/encoding.ts';
import type { Services } from '../services.ts';
import { personalCodeStep } from './pass-devices.ts';
import { type Database, type Query, serviceClaims } from '../db/database.ts';
import { callerMembershipEndsAt } from '../subscriptions/index.ts';

export interface PlatformPassKeys {
  kid: string;
  signingKey: CryptoKey;
  verifyKeys: Map<string, CryptoKey>;
  publicKeys: { kid: string; x: string; y: string }[];
}

type KeyRow = { kid: string; private_jwk: JsonWebKey | string; public_jwk: JsonWebKey | string };
/** jsonb arrives parsed from PGlite and as text from postgres.js without prepared statements. */
const jsonb = (value: JsonWebKey | string): JsonWebKey => (typeof value === 'string' ? JSON.parse(value) : value);
const ECDSA = { name: 'ECDSA', namedCurve: 'P-256' } as const;

/**
 * Loaded once per database (per isolate in the Edge Function): a key never changes once made. Keyed by the
 * database's `open`, which a request's wrapper of the database (http/session.ts) passes through as is.
 */
const loaded = new WeakMap<Database['open'], Promise<PlatformPassKeys>>();

async function loadKeys(db: Database): Promise<PlatformPassKeys> {
  const read = (q: Query) => q<KeyRow>(`select kid, private_jwk, public_jwk from private.pass_signing_keys order by created_at desc, kid`);
  let rows = await db.transaction(serviceClaims, read);
  if (rows.length === 0) {
    // The first use makes the key. Two isolates racing both insert; the first row wins for both.
    const pair = await crypto.subtle.generateKey(ECDSA, true, ['sign', 'verify']) as CryptoKeyPair;
    const privateJwk = await crypto.subtle.exportKey('jwk', pair.privateKey);
    const publicJwk = await crypto.subtle.exportKey('jwk', pair.publicKey);
    const kid = bytesToBase64Url(crypto.getRandomValues(new Uint8Array(6)));
    rows = await db.transaction(serviceClaims, async (q) => {
      await q(`insert into private.pass_signing_keys (kid, private_jwk, public_jwk)
               select $1, $2::jsonb, $3::jsonb where not exists (select 1 from private.pass_signing_keys)`,
      [kid, JSON.stringify(privateJwk), JSON.stringify(publicJwk)]);
      return read(q);
    });
  }
  const [newest] = rows;
  const signingKey = await crypto.subtle.importKey('jwk', jsonb(newest.private_jwk), ECDSA, false, ['sign']);
  const verifyKeys = new Map<string, CryptoKey>();
  const publicKeys: PlatformPassKeys['publicKeys'] = [];
  for (const row of rows) {
    const { x, y } = jsonb(row.public_jwk) as { x: string; y: string };
    verifyKeys.set(row.kid, await importPlatformPublicKey({ x, y }));
    publicKeys.push({ kid: row.kid, x, y });
  }
  return { kid: newest.kid, signingKey, verifyKeys, publicKeys };
}

/**
 * The platform's pass keys. Load them before a request's userTx: the first load opens a transaction of its own,
 * which must not wait inside another.
 */
export function platformPassKeys(db: Database): Promise<PlatformPassKeys> {
  let keys = loaded.get(db.open);
  if (!keys) {
    keys = loadKeys(db);
    keys.catch(() => loaded.delete(db.open));
    loaded.set(db.open, keys);
  }
  return keys;
}

/** The public keys a counter needs to check passes offline. */
export async function passVerificationKeys(db: Database): Promise<PassKeysAnswer> {
  return { keys: (await platformPassKeys(db)).publicKeys };
}

export type CertificateRefusal = 'not-a-member';

/**
 * A certificate for the caller's device key, good until now + 12 hours or the end of the membership, whichever
 * is first; null when the caller has no active membership (a lapsed member gets nothing to show).
 */
export async function certifyDeviceKey(
  q: Query, keys: PlatformPassKeys, deviceKey: { x: string; y: string }, nowMs: number,
): Promise<Omit<PassCertificateAnswer, 'deviceId' | 'personalSecret'> | CertificateRefusal> {
  const membershipEnd = await callerMembershipEndsAt(q);
  if (!membershipEnd) return 'not-a-member';
  const [me] = await q<{ id: string; name: string; member_number: number }>(
    `select id, name, member_number from public.profiles where id = (select auth.uid())`);
  const expiresMs = Math.min(nowMs + PASS_CERT_MAX_MS, membershipEnd.getTime());
  const firstName = firstNameOf(me.name);
  const certificate = await certifyPassKey({
    v: 1, kid: keys.kid, sub: me.id, mn: me.member_number, fn: firstName, x: deviceKey.x, y: deviceKey.y,
    iat: Math.floor(nowMs / 1000), exp: Math.floor(expiresMs / 1000),
  }, keys.signingKey);
  return { certificate, expiresAt: new Date(Math.floor(expiresMs / 1000) * 1000).toISOString(), firstName, memberNumber: me.member_number };
}

/** The first word of a name: what the counter shows of who the member is. */
export const firstNameOf = (name: string) => name.trim().split(/\s+/)[0].slice(0, 40);

/** Checks a scanned pass at `atMs` with the platform's keys. */
export async function checkScannedPass(db: Database, pass: string, atMs: number): Promise<PassCheck> {
  return checkPass(pass, (await platformPassKeys(db)).verifyKeys, atMs);
}

/** What a scanned code at the counter proves: the member and the step, or why not. */
export type ScannedCodeCheck = { ok: true; memberNumber: number; step: number } | { ok: false; reason: string };

/**
 * Checks whatever the counter scanned at `atMs`: an app pass (PL1, signed by the member's device) or a Google
 * Wallet pass's rotating code (PLW.<number>.<personal code>, decision 207), which proves the member as a typed
 * personal code does (online: only with an active membership).
 */
export async function checkScannedCode(
  s: Pick<Services, 'tx' | 'db'>, text: string, atMs: number, online: boolean,
): Promise<ScannedCodeCheck> {
  const wallet = parseWalletCode(text);
  if (wallet) {
    const step = await personalCodeStep(s, wallet.memberNumber, wallet.personalCode, atMs, online);
    return step === null ? { ok: false, reason: PERSONAL_CODE_REFUSED_MESSAGE } : { ok: true, memberNumber: wallet.memberNumber, step };
  }
  const checked = await checkScannedPass(s.db, text, atMs);
  return checked.ok ? { ok: true, memberNumber: checked.pass.certificate.mn, step: checked.pass.step } : checked;
}
