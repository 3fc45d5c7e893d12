import { z } from 'zod';
import { merchantData } from './auth.ts';
import { businessBadge } from './common.ts';

/** POST /api/merchant/apply: the business details of the merchant registration. */
export const merchantApplyBody = merchantData;
export type MerchantApplyBody = z.input<typeof merchantApplyBody>;

/** Merchant (docs/spec.md section 3), as its owner and the admin see it. */
const merchantProfile = businessBadge.extend({
  address: z.string(),
  businessType: z.string().nullable(),
  description: z.string().nullable(),
  phone: z.string().nullable(),
  website: z.string().nullable(),
  cityId: z.string().nullable(),
  cityName: z.string().nullable(),
  /** The IANA time zone of the business's city (e.g. America/Denver): the counter writes times in it (issue 38). */
  timeZone: z.string(),
  category: z.string(),
  isWomenOwned: z.boolean(),
  active: z.boolean(),
  rewardRateBps: z.number(),
  ownerUserId: z.string(),
  approvedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type MerchantProfile = z.infer<typeof merchantProfile>;

const adminMerchant = merchantProfile.extend({ ownerName: z.string(), ownerEmail: z.string() });
export type AdminMerchant = z.infer<typeof adminMerchant>;
export const adminMerchantsAnswer = z.object({ pending: z.array(adminMerchant), active: z.array(adminMerchant) });
export type AdminMerchantsAnswer = z.infer<typeof adminMerchantsAnswer>;

/**
 * PUT /api/merchant/logo: the signed upload address the file was PUT to (or its /objects/ path).
 * The server checks the object exists and was uploaded by the caller (uploads/uploaded-object.ts).
 */
export const merchantLogoBody = z.object({
  logoUrl: z.string({ error: 'is required' }).trim().min(1, 'is required').max(2000, 'must be at most 2000 characters'),
});
