import { z } from 'zod';
import { NAME_MAX, ROLES } from '../constants.ts';
import { email, memberNumber, newPassword, optionalId, text } from './common.ts';

const name = text(NAME_MAX).trim().min(1, 'is required');
// The register page only hints at 8 characters (docs/spec.md section 5); the server enforces it (decision 088).
const password = newPassword;
const optionalText = (max: number) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() || null : v), z.string().max(max, `must be at most ${max} characters`).nullish());

export const loginBody = z.object({
  email,
  password: z.string().min(1, 'is required').max(1000, 'must be at most 1000 characters'),
});
export type LoginBody = z.infer<typeof loginBody>;

export const merchantData = z.object({
  businessName: z.string().trim().min(1, 'is required').max(120, 'must be at most 120 characters'),
  businessType: optionalText(60),
  businessDescription: optionalText(1000),
  businessAddress: z.string().trim().min(1, 'is required').max(200, 'must be at most 200 characters'),
  businessPhone: optionalText(40),
  businessWebsite: optionalText(300),
  cityId: optionalId,
  isWomenOwned: z.boolean().default(false),
  cityName: optionalText(200),
});

export const registerBody = z.discriminatedUnion('role', [
  z.object({
    role: z.literal('USER'),
    name, email, password,
    homeCityId: optionalId,
    preferredCharityId: optionalId,
  }),
  z.object({
    role: z.literal('MERCHANT'),
    name, email, password,
    merchantData,
  }),
], { error: () => 'role must be USER or MERCHANT' });
export type RegisterBody = z.input<typeof registerBody>;

export const sessionUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  subscriptionStatus: z.string(),
  createdAt: z.string(),
  homeCityId: z.string().nullable(),
  preferredCharityId: z.string().nullable(),
  memberNumber: memberNumber.nullable(),
  /** Role STAFF only: the business whose counter they work (decision 166); null once removed or not approved. */
  business: z.object({ id: z.string(), businessName: z.string() }).nullable().optional(),
});
export type SessionUser = z.infer<typeof sessionUser>;

/** Answer of login, register and me. */
export const sessionAnswer = z.object({ user: sessionUser });
export type SessionAnswer = z.infer<typeof sessionAnswer>;

export const profile = z.object({
  name: z.string(),
  email: z.string(),
  profilePicture: z.string().nullable(),
  /** The owner opened a link mailed to this address (decision 091). */
  emailVerified: z.boolean(),
});
export type Profile = z.infer<typeof profile>;

export const updateProfileBody = z.object({ name });
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;
