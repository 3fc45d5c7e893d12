// The monthly value report (issue 40 item 4, decision 211): what the program brought a business in one of its local
// months, beside the month before. Every figure is defined once, in SQL (private.value_report_rows and
// private.monthly_value_report in supabase/schemas/insights.sql); this module only asks for two months and lays
// the rows out. The scheduled job mails each approved business's owner the last month's, once per month.
import type { MonthlyFigures, MonthlyReport, PlatformMonthlyReport } from '../../_shared/contract/insights.ts';
import { isoMonth, monthBefore } from '../../_shared/iso-dates.ts';
import { serviceClaims, type Database, type Query } from '../db/database.ts';
import { enqueueMail, monthlyReportMail } from '../mail/index.ts';
import { everyInterval, type JobRuns } from '../system/index.ts';

interface FigureRow {
  visits: number; unique_members: number; new_members: number; returning_members: number; repeat_members: number;
  repeat_rate_percent: string | null; discounts_cents: string; discounts_unknown: number; spend_cents: string;
  net_cents: string; followers_gained: number | null; followers_lost: number | null; rating_count: number;
  rating_average: string | null; upheld_reports: number;
}

// numeric and bigint arrive as text from postgres.js.
const asNumber = (value: string | number | null): number | null => (value === null ? null : Number(value));

function figuresOf(row: FigureRow): MonthlyFigures {
  return {
    visits: Number(row.visits ?? 0),
    uniqueMembers: Number(row.unique_members ?? 0),
    newMembers: Number(row.new_members ?? 0),
    returningMembers: Number(row.returning_members ?? 0),
    repeatMembers: Number(row.repeat_members ?? 0),
    repeatRatePercent: asNumber(row.repeat_rate_percent),
    discountsCents: Number(row.discounts_cents ?? 0),
    discountsNotKnown: Number(row.discounts_unknown ?? 0),
    spendCents: Number(row.spend_cents ?? 0),
    netCents: Number(row.net_cents ?? 0),
    followersGained: asNumber(row.followers_gained),
    followersLost: asNumber(row.followers_lost),
    ratingCount: Number(row.rating_count ?? 0),
    ratingAverage: asNumber(row.rating_average),
    upheldReports: Number(row.upheld_reports ?? 0),
  };
}

async function figures(q: Query, merchantId: string | null, month: string, location: string | null): Promise<MonthlyFigures> {
  const [row] = await q<FigureRow>(
    `select * from private.monthly_value_report($1::uuid, ($2 || '-01')::date, $3::uuid)`, [merchantId, month, location]);
  return figuresOf(row!);
}

interface MerchantRow { id: string; time_zone: string; last_month: string; city_name: string | null; category: string }

/**
 * The caller's own business's report for `month` (default: its last full local month) at one location or all.
 * private.owner_merchant() answers 403 unless the owner of an approved business; the SQL checks again.
 */
export async function ownMonthlyReport(q: Query, month: string | undefined, location: string | undefined): Promise<MonthlyReport> {
  const [merchant] = await q<MerchantRow>(
    `select m.id, private.merchant_time_zone(m.city_id) as time_zone, c.name as city_name, m.category,
            to_char(private.merchant_local_month(m.id) - interval '1 month', 'YYYY-MM') as last_month
       from private.owner_merchant() m left join public.cities c on c.id = m.city_id`);
  return monthlyReportOf(q, merchant!, month ?? merchant!.last_month, location ?? null);
}

async function monthlyReportOf(q: Query, merchant: MerchantRow, month: string, location: string | null): Promise<MonthlyReport> {
  const previousMonth = monthBefore(month);
  const locations = await q<{ id: string; name: string }>(
    `select l.id, coalesce(l.name, l.address) as name from public.business_locations l
      where l.merchant_id = $1 order by l.created_at, l.id`, [merchant.id]);
  const [peers] = await q<{ businesses: number; visits: string; unique_members: string; new_members: string; spend_cents: string }>(
    `select * from private.monthly_value_peers($1::uuid, ($2 || '-01')::date)`, [merchant.id, month]);
  return {
    month, previousMonth, timeZone: merchant.time_zone, location, locations,
    figures: await figures(q, merchant.id, month, location),
    previous: await figures(q, merchant.id, previousMonth, location),
    city: peers && merchant.city_name ? {
      cityName: merchant.city_name, category: merchant.category, businesses: Number(peers.businesses),
      visits: Number(peers.visits), uniqueMembers: Number(peers.unique_members), newMembers: Number(peers.new_members),
      spendCents: Number(peers.spend_cents),
    } : null,
  };
}

/** Every business's figures summed (the admin only; 42501 otherwise), each business in its own local month. */
export async function platformMonthlyReport(q: Query, month: string | undefined): Promise<PlatformMonthlyReport> {
  const shown = month ?? monthBefore(isoMonth(new Date()));
  const previousMonth = monthBefore(shown);
  return { month: shown, previousMonth, figures: await figures(q, null, shown, null), previous: await figures(q, null, previousMonth, null) };
}

// ---------------------------------------------------------------- the scheduled mail
/**
 * The scheduled job (local: a loop; hosted: Supabase Cron calls POST /api/internal/monthly-reports): each approved
 * business whose local month has turned gets its owner a mail with the month before's three headline figures and a
 * link to the screen, exactly once: private.monthly_report_mails' row is written in the transaction that queues
 * the mail, so a second run, or one at the same time, finds it claimed. The figures are read with the owner's own
 * rights, as the screen reads them. `at`: the moment whose month has turned (now; a test's fixture month).
 */
export async function mailMonthlyReports(db: Database, siteUrl: string, at: Date = new Date()): Promise<{ mailed: number }> {
  const due = await db.transaction(serviceClaims, (q) => q<{ id: string; owner_user_id: string; email: string; name: string; business: string; month: string }>(
    `select m.id, m.owner_user_id, p.email, p.name, m.name as business,
            to_char(private.merchant_local_month(m.id, $1::timestamptz) - interval '1 month', 'YYYY-MM') as month
       from public.merchants m
       join public.profiles p on p.id = m.owner_user_id
      where m.active
        -- Approved by the end of the month reported on: a business new this month waits for next month's.
        and private.merchant_local_month(m.id, coalesce(m.approved_at, m.created_at)) < private.merchant_local_month(m.id, $1::timestamptz)
        and not exists (select 1 from private.monthly_report_mails s
                         where s.merchant_id = m.id and s.month = private.merchant_local_month(m.id, $1::timestamptz) - interval '1 month')
      order by m.id limit 500`, [at.toISOString()]));
  let mailed = 0;
  for (const owner of due) {
    const shown = await db.transaction({ role: 'authenticated', sub: owner.owner_user_id, email: owner.email }, async (q) => ({
      figures: await figures(q, owner.id, owner.month, null),
    }));
    const sent = await db.transaction(serviceClaims, async (q) => {
      const [claimed] = await q(
        `insert into private.monthly_report_mails (merchant_id, month) values ($1, ($2 || '-01')::date)
         on conflict do nothing returning merchant_id`, [owner.id, owner.month]);
      if (!claimed) return false;
      await enqueueMail(q, owner.email, monthlyReportMail({
        ownerName: owner.name, businessName: owner.business, month: owner.month, siteUrl, figures: shown.figures,
      }));
      return true;
    });
    if (sent) mailed += 1;
  }
  return { mailed };
}

/** Runs mailMonthlyReports every intervalMs until stopped (the local runner; hosted: Supabase Cron). */
export function startMonthlyReportLoop(db: Database, siteUrl: string, intervalMs = 60_000, jobs?: JobRuns) {
  return everyInterval('monthly-reports', intervalMs, () => mailMonthlyReports(db, siteUrl), jobs);
}
