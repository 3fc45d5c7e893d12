// The figures of the insight screens (issue 17, decision 120). Every sum is made in SQL
// (private.insight_days and its kin in supabase/schemas/insights.sql), with the caller's rights, so row-level security decides
// which rows count; this module only lays the rows out as one value per day or month.
import type { AdminMetrics } from '../../_shared/contract/admin.ts';
import type { InsightWindow, MerchantInsights, PlatformInsights } from '../../_shared/contract/insights.ts';
import type { Query } from '../db/database.ts';

const BEST_DEALS = 5;
const PLATFORM_MONTHS = 12;

interface RedemptionDayRow { day: string; deal_id: string; deal_title: string; redemptions: number }
interface PointDayRow { day: string; earned: string | number; redeemed: string | number }
interface FollowerDayRow { day: string; new_followers: number; followers: number }

/**
 * The merchant's own figures over the last `days` UTC days. `merchantId` is the caller's business
 * (private.owner_merchant()); RLS would count nothing of another business anyway.
 */
export async function merchantInsights(q: Query, merchantId: string, days: InsightWindow): Promise<MerchantInsights> {
  const redemptionRows = await q<RedemptionDayRow>(
    `select to_char(r.day, 'YYYY-MM-DD') as day, r.deal_id, r.deal_title, r.redemptions
       from private.merchant_redemption_days($1::uuid, $2::integer) r`, [merchantId, days]);
  const pointRows = await q<PointDayRow>(
    `select to_char(p.day, 'YYYY-MM-DD') as day, p.earned, p.redeemed from private.merchant_point_days($1::uuid, $2::integer) p`,
    [merchantId, days]);
  const followerRows = await q<FollowerDayRow>(
    `select to_char(f.day, 'YYYY-MM-DD') as day, f.new_followers, f.followers from private.my_follower_days($1::integer) f`, [days]);

  const dates = pointRows.map((row) => row.day);
  const index = new Map(dates.map((date, i) => [date, i]));
  const deals = new Map<string, MerchantInsights['deals'][number]>();
  for (const row of redemptionRows) {
    let deal = deals.get(row.deal_id);
    if (!deal) {
      deal = { dealId: row.deal_id, title: row.deal_title, redemptions: dates.map(() => 0), total: 0 };
      deals.set(row.deal_id, deal);
    }
    const at = index.get(row.day);
    if (at === undefined) continue; // the day turned between two statements: keep the series aligned
    deal.redemptions[at] = Number(row.redemptions);
    deal.total += Number(row.redemptions);
  }
  const ranked = [...deals.values()].sort((a, b) => b.total - a.total || a.title.localeCompare(b.title));
  const earned = pointRows.map((row) => Number(row.earned));
  const redeemed = pointRows.map((row) => Number(row.redeemed));
  const followersByDay = new Map(followerRows.map((row) => [row.day, row]));
  return {
    days,
    timeZone: 'UTC',
    dates,
    deals: ranked,
    bestDeals: ranked.slice(0, BEST_DEALS).map(({ dealId, title, total }) => ({ dealId, title, total })),
    points: {
      earned,
      redeemed,
      totalEarned: earned.reduce((a, b) => a + b, 0),
      totalRedeemed: redeemed.reduce((a, b) => a + b, 0),
    },
    followers: {
      total: dates.map((date) => Number(followersByDay.get(date)?.followers ?? 0)),
      new: dates.map((date) => Number(followersByDay.get(date)?.new_followers ?? 0)),
    },
  };
}

interface PlatformMonthRow {
  month: string;
  signups: number;
  active_memberships: number;
  payment_volume_cents: string | number;
  charity_share_cents: string | number;
}

/** The platform per UTC month over the last 12 months. 42501 (403) unless the caller is the designated admin. */
export async function platformInsights(q: Query): Promise<PlatformInsights> {
  const rows = await q<PlatformMonthRow>(
    `select to_char(m.month, 'YYYY-MM') as month, m.signups, m.active_memberships, m.payment_volume_cents, m.charity_share_cents
       from private.admin_platform_months($1::integer) m`, [PLATFORM_MONTHS]);
  return {
    timeZone: 'UTC',
    months: rows.map((row) => row.month),
    signups: rows.map((row) => Number(row.signups)),
    activeMemberships: rows.map((row) => Number(row.active_memberships)),
    paymentVolumeCents: rows.map((row) => Number(row.payment_volume_cents)),
    charityShareCents: rows.map((row) => Number(row.charity_share_cents)),
  };
}

/** The caller's own business's figures: private.owner_merchant() answers 403 unless the owner of an approved one. */
export async function ownMerchantInsights(q: Query, days: InsightWindow): Promise<MerchantInsights> {
  const [merchant] = await q<{ id: string }>(`select (private.owner_merchant()).id`);
  return merchantInsights(q, merchant.id, days);
}

/** The admin's dashboard figures, read from aggregates the database keeps current (private.admin_metrics in supabase/schemas/insights.sql). */
export async function adminMetrics(q: Query): Promise<AdminMetrics> {
  const [row] = await q<Record<keyof AdminMetrics, string | number>>(
    `select total_users as "totalUsers", active_merchants as "activeMerchants",
            total_volume_cents as "totalVolume", points_outstanding as "pointsOutstanding"
       from private.admin_metrics()`);
  // bigint sums arrive as strings from postgres.js.
  return {
    totalUsers: Number(row.totalUsers),
    activeMerchants: Number(row.activeMerchants),
    totalVolume: Number(row.totalVolume),
    pointsOutstanding: Number(row.pointsOutstanding),
  };
}
