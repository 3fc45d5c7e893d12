import { z } from 'zod';
import { merchantData } from './auth.ts';

/** POST /api/merchant/apply: the business details of the merchant registration. */
export const merchantApplyBody = merchantData;
export type MerchantApplyBody = z.input<typeof merchantApplyBody>;

/** Merchant (spec section 3), as its owner and the admin see it. */
export const merchantProfile = z.object({
  id: z.string(),
  name: z.string(),
  address: z.string(),
  businessType: z.string().nullable(),
  description: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  cityId: z.string().nullable(),
  cityName: z.string().nullable(),
  category: z.string(),
  isWomenOwned: z.boolean(),
  logoUrl: z.string().nullable(),
  active: z.boolean(),
  rewardRateBps: z.number(),
  ownerUserId: z.string(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MerchantProfile = z.infer<typeof merchantProfile>;

export const adminMerchant = merchantProfile.extend({ ownerName: z.string(), ownerEmail: z.string() });
export type AdminMerchant = z.infer<typeof adminMerchant>;
export const adminMerchantsAnswer = z.object({ pending: z.array(adminMerchant), active: z.array(adminMerchant) });
export type AdminMerchantsAnswer = z.infer<typeof adminMerchantsAnswer>;

/** An uploaded object's path, as POST /api/objects/upload and the PUT to it leave it. */
export const objectPath = z.string({ error: 'is required' }).trim()
  .regex(/^\/objects\/[A-Za-z0-9][A-Za-z0-9._\-/]{0,300}$/, 'must be the path of an uploaded file (/objects/...)')
  .refine((path) => !path.split('/').includes('..'), 'must be the path of an uploaded file (/objects/...)');

export const merchantLogoBody = z.object({ logoUrl: objectPath });
export type MerchantLogoBody = z.infer<typeof merchantLogoBody>;
