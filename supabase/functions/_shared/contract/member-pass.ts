import { z } from 'zod';
import { memberNumber } from './common.ts';

const coordinate = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 coordinate (base64url)');

/** POST /api/member/pass-challenge: a one-time challenge the device signs with its pass key (decision 190). */
export const passChallengeAnswer = z.object({ challenge: z.string(), expiresAt: z.string() });
export type PassChallengeAnswer = z.infer<typeof passChallengeAnswer>;

/**
 * POST /api/member/pass-certificate: the public half of the device's pass key (decision 165), with its signature
 * over a challenge from pass-challenge (decision 190: proof that the caller holds the private half), and a name for
 * the profile's device list.
 */
export const passCertificateBody = z.object({
  x: coordinate,
  y: coordinate,
  challenge: z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{43}$/, 'must be a challenge from /api/member/pass-challenge'),
  signature: z.string({ error: 'is required' }).regex(/^[A-Za-z0-9_-]{86}$/, 'must be an ECDSA P-256 signature (base64url)'),
  deviceName: z.string().trim().min(1).max(60).optional(),
});
export type PassCertificateBody = z.input<typeof passCertificateBody>;

/** The platform's certificate for that key: good until `expiresAt` (at most 12 hours, never past the membership). */
export const passCertificateAnswer = z.object({
  certificate: z.string(),
  expiresAt: z.string(),
  firstName: z.string(),
  memberNumber,
  /** This device in the member's device list. */
  deviceId: z.string(),
  /** The secret of the member's personal code (TOTP, decision 190), base64url: the pass sheet shows its code offline. */
  personalSecret: z.string(),
});
export type PassCertificateAnswer = z.infer<typeof passCertificateAnswer>;

/** GET /api/merchant/pass-keys: the platform's public keys, so a counter can check passes offline. */
export const passKeysAnswer = z.object({ keys: z.array(z.object({ kid: z.string(), x: z.string(), y: z.string() })) });
export type PassKeysAnswer = z.infer<typeof passKeysAnswer>;

/** GET /api/member/pass-devices: the member's certified devices (at most 3), oldest first. */
export const passDevicesAnswer = z.object({
  devices: z.array(z.object({ id: z.string(), name: z.string(), createdAt: z.string(), lastUsedAt: z.string() })),
});
export type PassDevicesAnswer = z.infer<typeof passDevicesAnswer>;

/** GET /api/member/wallet-offers: which wallet passes this deployment offers (decision 207). */
export const walletOffersAnswer = z.object({ google: z.boolean(), apple: z.boolean() });
export type WalletOffersAnswer = z.infer<typeof walletOffersAnswer>;

/** POST /api/member/google-wallet: the link that adds the member's pass to Google Wallet. */
export const walletLinkAnswer = z.object({ saveUrl: z.string() });
export type WalletLinkAnswer = z.infer<typeof walletLinkAnswer>;
