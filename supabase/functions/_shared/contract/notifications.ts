import { z } from 'zod';
import { BUSINESS_UPDATE_MAX } from '../constants.ts';
import { businessBadge } from './common.ts';

/** How many of the latest notifications GET /api/notifications returns. */
export const NOTIFICATIONS_LIMIT = 100;

/** GET /api/businesses/{id}/follow-status, and the answer of POST/DELETE .../follow. */
export const followStatus = z.object({ isFollowing: z.boolean() });
export type FollowStatus = z.infer<typeof followStatus>;

/** One entry of GET /api/user/following (docs/spec.md section 3, "Followed business"). */
export const followedBusiness = businessBadge.extend({
  category: z.string().nullable(),
  city: z.string().nullable(),
  description: z.string().nullable(),
  followedAt: z.string(),
});
export type FollowedBusiness = z.infer<typeof followedBusiness>;

/**
 * One entry of GET /api/notifications (docs/spec.md section 3). data is the snapshot taken when it was sent;
 * merchantId and dealId are null once that business or deal is gone (or no longer visible), which
 * is how the screen knows to hide "View Deal".
 */
export const notification = z.object({
  id: z.string(),
  type: z.string(),
  isRead: z.boolean(),
  createdAt: z.string(),
  data: z.object({
    merchantName: z.string(),
    dealTitle: z.string().optional(),
    previewText: z.string(),
    merchantId: z.string().nullable(),
    dealId: z.string().nullable(),
  }),
});
export type Notification = z.infer<typeof notification>;

/** POST /api/merchant/updates */
export const businessUpdateBody = z.object({
  message: z.string().trim().min(1, 'is required').max(BUSINESS_UPDATE_MAX, `must be at most ${BUSINESS_UPDATE_MAX} characters`),
});
export type BusinessUpdateBody = z.infer<typeof businessUpdateBody>;

export const businessUpdate = z.object({ id: z.string(), message: z.string(), createdAt: z.string() });
export type BusinessUpdate = z.infer<typeof businessUpdate>;
