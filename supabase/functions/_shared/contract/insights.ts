import { z } from 'zod';

/** The windows the merchant insights screen offers (days, UTC; decision 120). */
export type InsightWindow = 30 | 90;

/** GET /api/merchant/insights?days=30|90 */
export const merchantInsightsQuery = z.object({
  days: z.enum(['30', '90'], { message: 'must be 30 or 90' }).optional().default('30').transform((d) => Number(d) as InsightWindow),
});

const dealSeries = z.object({
  dealId: z.string(),
  title: z.string(),
  /** Accepted codes per day, one per entry of `dates`. */
  redemptions: z.array(z.number()),
  total: z.number(),
});

/** Every series has one value per entry of `dates` (UTC days, oldest first, "YYYY-MM-DD"); days without activity are 0. */
export const merchantInsights = z.object({
  days: z.number(),
  timeZone: z.literal('UTC'),
  dates: z.array(z.string()),
  /** Deals with at least one accepted code in the window, most used first. */
  deals: z.array(dealSeries),
  /** Up to five deals with the most accepted codes in the window. */
  bestDeals: z.array(dealSeries.pick({ dealId: true, title: true, total: true })),
  points: z.object({
    earned: z.array(z.number()),
    redeemed: z.array(z.number()),
    totalEarned: z.number(),
    totalRedeemed: z.number(),
  }),
  followers: z.object({
    /** Current followers by the end of each day (an unfollow leaves no history). */
    total: z.array(z.number()),
    new: z.array(z.number()),
  }),
});
export type MerchantInsights = z.infer<typeof merchantInsights>;

/** GET /api/admin/insights: the last 12 UTC months, oldest first ("YYYY-MM"); money in cents. */
export const platformInsights = z.object({
  timeZone: z.literal('UTC'),
  months: z.array(z.string()),
  signups: z.array(z.number()),
  /** Memberships started by the month's end and not canceled by then (now, for the current month). */
  activeMemberships: z.array(z.number()),
  paymentVolumeCents: z.array(z.number()),
  charityShareCents: z.array(z.number()),
});
export type PlatformInsights = z.infer<typeof platformInsights>;
