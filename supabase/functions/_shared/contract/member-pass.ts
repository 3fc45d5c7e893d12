import { z } from 'zod';
import { memberNumber } from './common.ts';

const coordinate = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'must be a P-256 coordinate (base64url)');

/** POST /api/member/pass-certificate: the public half of the device's pass key (decision 165). */
export const passCertificateBody = z.object({ x: coordinate, y: coordinate });
export type PassCertificateBody = z.input<typeof passCertificateBody>;

/** The platform's certificate for that key: good until `expiresAt` (at most 12 hours, never past the membership). */
export const passCertificateAnswer = z.object({
  certificate: z.string(),
  expiresAt: z.string(),
  firstName: z.string(),
  memberNumber,
});
export type PassCertificateAnswer = z.infer<typeof passCertificateAnswer>;

/** GET /api/merchant/pass-keys: the platform's public keys, so a counter can check passes offline. */
export const passKeysAnswer = z.object({ keys: z.array(z.object({ kid: z.string(), x: z.string(), y: z.string() })) });
export type PassKeysAnswer = z.infer<typeof passKeysAnswer>;
