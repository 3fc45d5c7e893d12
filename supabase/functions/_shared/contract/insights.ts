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

// ---------------------------------------------------------------- the monthly value report (decision 211)
const monthText = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'must be a month like 2026-10' });

/** GET /api/merchant/insights/monthly?month=YYYY-MM[&location=<id>]; without a month: the last full month. */
export const monthlyReportQuery = z.object({
  month: monthText.optional(),
  location: z.string().uuid({ message: 'must be one of your locations' }).optional(),
});

/** GET /api/admin/insights/monthly?month=YYYY-MM */
export const platformMonthlyReportQuery = z.object({ month: monthText.optional() });

/**
 * One month's figures (money in cents), each defined once in SQL (private.monthly_value_report). Null: not
 * known (no members, no reviews) or not kept per location (followers).
 */
export const monthlyFigures = z.object({
  /** Counted redemptions: not undone, not flagged. */
  visits: z.number(),
  uniqueMembers: z.number(),
  /** Members with no counted visit at the business before the month. */
  newMembers: z.number(),
  returningMembers: z.number(),
  /** Members with two visits or more in the month. */
  repeatMembers: z.number(),
  repeatRatePercent: z.number().nullable(),
  discountsCents: z.number(),
  /** Visits on a percent deal where the counter entered no amount: their discount is not known (counted as 0). */
  discountsNotKnown: z.number(),
  spendCents: z.number(),
  /** Spend recorded at the counter less the discounts. */
  netCents: z.number(),
  followersGained: z.number().nullable(),
  followersLost: z.number().nullable(),
  ratingCount: z.number(),
  ratingAverage: z.number().nullable(),
  upheldReports: z.number(),
});
export type MonthlyFigures = z.infer<typeof monthlyFigures>;

export const monthlyReport = z.object({
  /** "YYYY-MM": the business's local month (its city's time zone). */
  month: z.string(),
  previousMonth: z.string(),
  timeZone: z.string(),
  /** The location reported on; null: all of them. */
  location: z.string().nullable(),
  locations: z.array(z.object({ id: z.string(), name: z.string() })),
  figures: monthlyFigures,
  previous: monthlyFigures,
  /** Medians of businesses like this one (same category and city); null when fewer than 5 contribute. */
  city: z.object({
    cityName: z.string(),
    category: z.string(),
    businesses: z.number(),
    visits: z.number(),
    uniqueMembers: z.number(),
    newMembers: z.number(),
    spendCents: z.number(),
  }).nullable(),
});
export type MonthlyReport = z.infer<typeof monthlyReport>;

/** The admin's: every business's figures summed, each business in its own local month. */
export const platformMonthlyReport = z.object({
  month: z.string(),
  previousMonth: z.string(),
  figures: monthlyFigures,
  previous: monthlyFigures,
});
export type PlatformMonthlyReport = z.infer<typeof platformMonthlyReport>;
