// The charity domain (issue 17, decision 125): the admin's charities per city, the public totals and the
// monthly statement. Every statement runs as the caller inside the request's transaction, so the
// charities and payments policies decide (only the designated admin writes charities and reads
// payments); the public totals come from reporting.charity_impact (supabase/schemas/charities.sql).
import type { z } from 'zod';
import type {
  AdminCharity, CharityImpact, createCharityBody, ImpactAnswer, UpdateCharityBody,
} from '../../_shared/contract/charities.ts';
import type { Query } from '../db/database.ts';
import { conflict, invalid, notFound } from '../domain-error.ts';
import { toCsv } from '../../_shared/csv.ts';
import { centsAsDecimal } from '../../_shared/money.ts';
import { bpsAsDecimal } from '../../_shared/basis-points.ts';
import { isoMonth } from '../../_shared/iso-dates.ts';
import { PLANS, type PlanId } from '../../_shared/constants.ts';
import { fieldMessage } from '../../_shared/contract/field-labels.ts';

type CharityRow = Omit<AdminCharity, 'createdAt' | 'retiredAt' | 'totalGivenCents'> & {
  createdAt: Date | string; retiredAt: Date | string | null; totalGivenCents: number | string;
};

const charityColumns = `
  ch.id, ch.city_id as "cityId", ci.name as "cityName", ci.state as "cityState", ci.active as "cityActive",
  ch.name, ch.is_default as "isDefault", ch.retired_at as "retiredAt", ch.created_at as "createdAt",
  (select count(*) from public.profiles p where p.preferred_charity_id = ch.id and p.role = 'USER')::int as "memberCount",
  (select coalesce(sum(l.cents), 0) from public.charity_ledger l where l.charity_id = ch.id)::bigint as "totalGivenCents"`;

const toCharity = (row: CharityRow): AdminCharity => ({
  ...row,
  createdAt: new Date(row.createdAt).toISOString(),
  retiredAt: row.retiredAt ? new Date(row.retiredAt).toISOString() : null,
  totalGivenCents: Number(row.totalGivenCents),
});

/** Every charity (retired ones too), by city then name; one city's when cityId is given. */
export async function listCharities(q: Query, cityId: string | null): Promise<AdminCharity[]> {
  const rows = await q<CharityRow>(
    `select ${charityColumns} from public.charities ch join public.cities ci on ci.id = ch.city_id
      where ($1::uuid is null or ch.city_id = $1::uuid)
      order by ci.name, ci.state, ch.retired_at is not null, ch.name`, [cityId]);
  return rows.map(toCharity);
}

async function findCharity(q: Query, id: string): Promise<AdminCharity> {
  const [row] = await q<CharityRow>(
    `select ${charityColumns} from public.charities ch join public.cities ci on ci.id = ch.city_id where ch.id = $1`, [id]);
  if (!row) throw notFound('Charity not found');
  return toCharity(row);
}

/** The unique index on (city_id, lower(name)) decides; this names the clash. */
async function nameClash(q: Query, cityId: string, name: string) {
  const [city] = await q<{ name: string }>(`select name from public.cities where id = $1`, [cityId]);
  return conflict(`${city?.name ?? 'That city'} already has a charity named ${name}`);
}

/** Makes `id` the city's one default (the share of members who chose none, decision 012). */
const clearOtherDefaults = (q: Query, cityId: string, id: string | null) =>
  q(`update public.charities set is_default = false where city_id = $1 and is_default and id is distinct from $2`, [cityId, id]);

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';

export async function createCharity(q: Query, body: z.output<typeof createCharityBody>): Promise<AdminCharity> {
  const [city] = await q<{ id: string }>(`select id from public.cities where id = $1`, [body.cityId]);
  if (!city) throw invalid(fieldMessage('cityId', 'is not a known city'));
  const [clash] = await q(`select 1 from public.charities where city_id = $1 and lower(name) = lower($2)`, [body.cityId, body.name]);
  if (clash) throw await nameClash(q, body.cityId, body.name);
  if (body.isDefault) await clearOtherDefaults(q, body.cityId, null);
  const [row] = await q<{ id: string }>(
    `insert into public.charities (city_id, name, is_default) values ($1, $2, $3) returning id`,
    [body.cityId, body.name, body.isDefault]);
  return findCharity(q, row.id);
}

export async function updateCharity(q: Query, id: string, body: UpdateCharityBody): Promise<AdminCharity> {
  const current = await findCharity(q, id);
  if (body.isDefault === true && (body.retired ?? current.retiredAt !== null)) {
    throw invalid('A retired charity cannot be the default. Restore it first.');
  }
  if (body.name !== undefined) {
    const [clash] = await q(`select 1 from public.charities where city_id = $1 and lower(name) = lower($2) and id <> $3`,
      [current.cityId, body.name, id]);
    if (clash) throw await nameClash(q, current.cityId, body.name);
  }
  if (body.isDefault === true) await clearOtherDefaults(q, current.cityId, id);
  const updated = await q<{ id: string }>(
    `update public.charities
        set name = coalesce($2, name),
            -- Retiring clears the default: the share of members who chose none must go to an offered charity.
            is_default = case when $4::boolean is true then false else coalesce($3, is_default) end,
            retired_at = case when $4::boolean is true then coalesce(retired_at, now())
                              when $4::boolean is false then null else retired_at end
      where id = $1 returning id`,
    [id, body.name ?? null, body.isDefault ?? null, body.retired ?? null]);
  if (updated.length === 0) throw notFound('Charity not found');
  return findCharity(q, id);
}

/** Runs a write and turns a unique-index race (two admins, one name) into the same 409. */
export async function withNameGuard<T>(work: () => Promise<T>, clash: () => Error): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw clash();
    throw error;
  }
}

/** The declared general fund (decision 172): shares with no charity to name (ledger rows with charity_id null). */
export const GENERAL_FUND_ID = 'general-fund';
const GENERAL_FUND_NAME = 'Pay Local general fund';

/** The public totals (GET /api/impact): every charity of an open city, retired ones with their history. */
export async function charityImpact(q: Query, now = new Date()): Promise<ImpactAnswer> {
  const rows = await q<{
    charity_id: string | null; charity_name: string | null; city_name: string | null; city_state: string | null; retired: boolean;
    city_active: boolean; month_cents: string | number; total_cents: string | number; member_count: number;
  }>(`select * from reporting.charity_impact()`);
  const charities: CharityImpact[] = rows.map((r) => ({
    id: r.charity_id ?? GENERAL_FUND_ID, kind: r.charity_id ? 'charity' : 'general-fund', cityActive: r.city_active,
    name: r.charity_name ?? GENERAL_FUND_NAME, cityName: r.city_name ?? '', cityState: r.city_state ?? '', retired: r.retired,
    monthCents: Number(r.month_cents), totalCents: Number(r.total_cents), memberCount: r.member_count,
  }));
  return {
    month: isoMonth(now),
    monthCents: charities.reduce((sum, c) => sum + c.monthCents, 0),
    totalCents: charities.reduce((sum, c) => sum + c.totalCents, 0),
    charities,
  };
}

export const STATEMENT_HEADER = ['Booked at (UTC)', 'Entry', 'Payment', 'Invoice', 'Plan', 'Amount', 'Currency', 'Share (%)', 'Share', 'Charity'] as const;

const ENTRY_LABELS = { share: 'Payment', refund: 'Refund', dispute_lost: 'Dispute lost' } as const;

/**
 * The monthly statement of one charity (or of the general fund, id 'general-fund') as CSV: each charity
 * ledger row booked in that calendar month (UTC), shares and reversals (a refund counts in the month it
 * was made, decision 172, so a past month's statement never changes), then a total row. No member
 * names or emails (decision 125): the payment and invoice ids are what an accountant reconciles with
 * the provider. Read through the ledger and payments policies (admin only).
 */
export async function charityStatement(q: Query, id: string, month: string): Promise<{ filename: string; csv: string }> {
  const name = id === GENERAL_FUND_ID ? GENERAL_FUND_NAME : (await findCharity(q, id)).name;
  const starts = `${month}-01T00:00:00Z`;
  const rows = await q<{
    payment_id: string; booked_at: Date | string; kind: keyof typeof ENTRY_LABELS; provider_invoice_id: string; plan: PlanId | null;
    amount_cents: number; currency: string; charity_share_bps: number; cents: number;
  }>(
    `select l.payment_id, l.booked_at, l.kind, p.provider_invoice_id, s.plan, l.amount_cents, p.currency, p.charity_share_bps, l.cents
       from public.charity_ledger l
       join public.payments p on p.id = l.payment_id
       left join public.subscriptions s on s.id = p.subscription_id
      where l.charity_id is not distinct from $1::uuid
        and l.booked_at >= $2::timestamptz and l.booked_at < $2::timestamptz + interval '1 month'
      order by l.booked_at, l.id`, [id === GENERAL_FUND_ID ? null : id, starts]);
  const lines = rows.map((r) => [
    new Date(r.booked_at).toISOString(), ENTRY_LABELS[r.kind], r.payment_id, r.provider_invoice_id, r.plan ? PLANS[r.plan].name : '',
    centsAsDecimal(r.amount_cents), r.currency.toUpperCase(), bpsAsDecimal(r.charity_share_bps),
    centsAsDecimal(r.cents), name,
  ]);
  const amount = rows.reduce((sum, r) => sum + r.amount_cents, 0);
  const share = rows.reduce((sum, r) => sum + r.cents, 0);
  const count = rows.filter((r) => r.kind === 'share').length;
  const total = ['Total', '', count === 1 ? '1 payment' : `${count} payments`, '', '', centsAsDecimal(amount), '', '', centsAsDecimal(share), name];
  const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'charity';
  return { filename: `statement-${slug}-${month}.csv`, csv: toCsv([STATEMENT_HEADER, ...lines, total]) };
}

/** GET /api/charities: the charities offered (retired ones no longer are, decision 125), a city's or all. */
export const offeredCharities = (q: Query, cityId: string | undefined) =>
  q<{ id: string; name: string; cityId: string }>(
    `select id, name, city_id as "cityId" from public.charities
      where ($1::uuid is null or city_id = $1::uuid) and retired_at is null
      order by is_default desc, name`,
    [cityId ?? null],
  );
