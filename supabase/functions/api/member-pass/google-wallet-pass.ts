// "Add to Google Wallet" (decision 207): the member's loyalty object, written to Google on every request for the
// link, so it always carries the current personal-code secret (a removed device rotates it) and the current
// end of the membership (Google shows the pass as expired after `validTimeInterval.end`; the state is EXPIRED
// while the member has no access and ACTIVE again once the membership resumes and the pass is fetched).
// The rotating QR is a TOTP over the member's personal-code secret (decision 190): the phone renders
// `PLW.<number>.<code>` offline and the counter checks it as a typed personal code.
import type { WalletLinkAnswer, WalletOffersAnswer } from '../../_shared/contract/member-pass.ts';
import { bytesToHex, base64UrlToBytes } from '../../_shared/encoding.ts';
import { PASS_STEP_SECONDS, walletCodePattern } from '../../_shared/member-pass.ts';
import { PERSONAL_CODE_DIGITS, PERSONAL_SECRET_BYTES } from '../../_shared/personal-code.ts';
import { randomToken } from '../../_shared/tokens.ts';
import { MEMBERSHIP_REQUIRED_MESSAGE } from '../../_shared/contract/deals.ts';
import { DomainError } from '../domain-error.ts';
import type { Services } from '../services.ts';
import { type LoyaltyObject, loyaltyClassId } from '../ports/wallet/google-wallet.ts';
import type { PassLocation } from '../ports/wallet/apple-wallet.ts';

export const WALLET_NOT_CONFIGURED = 'Wallet passes are not offered here';

/** Which wallet passes this deployment offers: each only with its credentials configured. */
export const walletOffers = (s: Pick<Services, 'googleWallet' | 'appleWallet'>): WalletOffersAnswer =>
  ({ google: s.googleWallet !== null, apple: s.appleWallet !== null });

/** A member's loyalty object id: stable per member (issuer id, then the member number). */
export const loyaltyObjectIdOf = (issuerId: string, memberNumber: number) => `${issuerId}.member-${memberNumber}`;

/** The loyalty object of one member; without an end of membership it is EXPIRED. */
export function loyaltyObjectOf(issuerId: string, member: {
  memberNumber: number; name: string; secret: Uint8Array; endsAt: Date | null;
}): LoyaltyObject {
  return {
    id: loyaltyObjectIdOf(issuerId, member.memberNumber),
    classId: loyaltyClassId(issuerId),
    state: member.endsAt ? 'ACTIVE' : 'EXPIRED',
    accountId: String(member.memberNumber),
    accountName: member.name,
    ...(member.endsAt ? { validTimeInterval: { end: { date: member.endsAt.toISOString() } } } : {}),
    rotatingBarcode: {
      type: 'QR_CODE',
      valuePattern: walletCodePattern(member.memberNumber),
      alternateText: `Member ${member.memberNumber}`,
      totpDetails: {
        periodMillis: String(PASS_STEP_SECONDS * 1000),
        algorithm: 'TOTP_SHA1',
        // Google takes the key in Base16.
        parameters: [{ key: bytesToHex(member.secret), valueLength: PERSONAL_CODE_DIGITS }],
      },
    },
  };
}

/**
 * The caller's "save to Google Wallet" link: makes their personal-code secret if they have none yet (as the
 * first certified device would), writes their loyalty object to Google, and signs the link. Without a
 * membership: their object (if any) is expired and the answer is 403. 404 when Google Wallet is not configured.
 */
export async function googleWalletLink(s: Pick<Services, 'tx' | 'user' | 'googleWallet'>, nowMs: number): Promise<WalletLinkAnswer> {
  const wallet = s.googleWallet;
  if (!wallet) throw new DomainError('not-found', WALLET_NOT_CONFIGURED);
  if (!s.user) throw new DomainError('unauthenticated', 'Sign in first');
  const memberId = s.user.id;
  const [me] = await s.tx.asCaller((q) => q<{ member_number: number; name: string; ends_at: Date | string | null }>(
    `select p.member_number, p.name, private.caller_membership_ends_at() as ends_at
       from public.profiles p where p.id = (select auth.uid())`));
  if (!me) throw new DomainError('not-found', 'No member profile');
  const objectId = loyaltyObjectIdOf(wallet.issuerId, me.member_number);
  if (me.ends_at === null) {
    // The membership ended: a pass already in the wallet shows as expired; no new one is handed out.
    await wallet.expireObject(objectId);
    throw new DomainError('forbidden', MEMBERSHIP_REQUIRED_MESSAGE);
  }
  const secret = await s.tx.asService(async (q) => {
    await q(`insert into private.member_pass_secrets (member_id, secret) values ($1, $2) on conflict (member_id) do nothing`,
      [memberId, randomToken(PERSONAL_SECRET_BYTES)]);
    const [row] = await q<{ secret: string }>(`select secret from private.member_pass_secrets where member_id = $1`, [memberId]);
    return row.secret;
  });
  const object = loyaltyObjectOf(wallet.issuerId, {
    memberNumber: me.member_number, name: me.name, secret: base64UrlToBytes(secret),
    endsAt: new Date(me.ends_at),
  });
  await wallet.saveObject(object);
  return { saveUrl: await wallet.saveUrl(object.id, nowMs) };
}

/**
 * Where the businesses the member follows are (up to 10), for the Apple pass's lock-screen relevance. Businesses
 * have no placed locations yet (issue 42 5/7): this is the seam, answering none until they do.
 */
async function followedBusinessLocations(): Promise<PassLocation[]> {
  return [];
}

/** The caller's Apple Wallet pass, built now; 403 without a membership, 404 when Apple Wallet is not configured. */
export async function appleWalletPass(s: Pick<Services, 'tx' | 'user' | 'appleWallet'>): Promise<Uint8Array> {
  const wallet = s.appleWallet;
  if (!wallet) throw new DomainError('not-found', WALLET_NOT_CONFIGURED);
  const [me] = await s.tx.asCaller((q) => q<{ member_number: number; name: string; ends_at: Date | string | null }>(
    `select p.member_number, p.name, private.caller_membership_ends_at() as ends_at
       from public.profiles p where p.id = (select auth.uid())`));
  if (!me) throw new DomainError('not-found', 'No member profile');
  if (me.ends_at === null) throw new DomainError('forbidden', MEMBERSHIP_REQUIRED_MESSAGE);
  return wallet.passOf({
    memberNumber: me.member_number, name: me.name, endsAt: new Date(me.ends_at), locations: await followedBusinessLocations(),
  });
}
