// The deal domain as the API sees it: the member's deal list (one SQL function that RLS governs), the public
// list, the deal rows the merchant and the counter see, the offline list's SQL, and each deal's current code. Routes call these; the SQL lives in
// SQL functions, current definitions in supabase/schemas/deals.sql (private.member_deals, public.deal_is_live_and_listed).
import type { MemberDeal, MerchantDeal, PublicDeal } from '../../_shared/contract/deals.ts';
import { base64UrlToText, textToBase64Url } from '../../_shared/encoding.ts';
import { type Statement, type Query, iso, isoOrNull, sqlLiteral } from '../db/database.ts';
import { invalid } from '../domain-error.ts';
import type { PerMemberLimit } from '../../_shared/constants.ts';
import type { RatingSummary } from '../../_shared/contract/reviews.ts';
import { codeStepAt, dealCodeAt, dealCodeForStep, matchCodeStep, type DealCode } from '../../_shared/deal-code.ts';
import { dealCategoriesForFilter } from '../../_shared/deal-filters.ts';
import { hexToBytes } from '../../_shared/encoding.ts';
import { normalizeOfferRules, type OfferRules, rulesText } from '../../_shared/offer-rules.ts';
import { fieldMessage } from '../../_shared/contract/field-labels.ts';

/** Cards per page of the member list (the first page is what a phone shows and a bit more). */
export const MEMBER_DEALS_PAGE_SIZE = 50;

/**
 * One page of a city's live deals with their secrets, newest first, in one statement:
 * $1 city, $2 filter, $3 categories, $4/$5 the cursor (created_at text, id; null = first page), $6 limit.
 * PL403 when the caller has no active membership. Each business's rating summary joins by its key (kept on write,
 * decision 183), in the function's order. Each card's location and open state (decision 209: its first location
 * open now, else its first) come from one call of private.deal_places over the page's deals, not one per card. All of
 * it in private.member_deal_cards, whose plan the session keeps (decision 212).
 */
export const memberDealsSql = `select * from private.member_deal_cards($1::uuid, $2::text, $3::text[], $4::timestamptz, $5::uuid, $6::integer)`;

/**
 * The member list with a position or the open-now / valid-now filters (decision 209), in one statement:
 * $1 city, $2 filter, $3 categories, $4/$5 latitude/longitude (null: newest first), $6 open now, $7 valid now,
 * $8/$9 the cursor (newest first only), $10 limit. The same columns as memberDealsSql.
 */
export const memberDealsNearSql = `select md.*, s.review_count, s.rating_sum
  from private.member_deals_near($1::uuid, $2::text, $3::text[], $4::float8, $5::float8, $6::boolean, $7::boolean,
                                 $8::timestamptz, $9::uuid, $10::integer) with ordinality md
  left join public.business_review_summaries s on s.merchant_id = md.merchant_id
 order by md.ordinality`;

/** What narrows or orders the member list beyond the city and category (decision 209). */
export interface MemberDealsAround {
  /** The member's position: a parameter of this one statement, never stored. */
  latitude?: number;
  longitude?: number;
  openNow?: boolean;
  validNow?: boolean;
}

export interface MemberDealPage {
  deals: MemberDeal[];
  /** Opaque; pass as `cursor` for the next page. Null on the last page. */
  nextCursor: string | null;
}

/** A row of memberDealsSql or memberDealsNearSql. */
export interface MemberDealPageRow extends MemberDealRow {
  created_at: string;
  secret: string;
}

/** Cursor: base64url of JSON [created_at text (microseconds kept), id]. */
const encodeCursor = (createdAt: string, id: string) => textToBase64Url(JSON.stringify([createdAt, id]));

const CURSOR_DATE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}(:\d{2})?)$/;

export function decodeCursor(cursor: string | undefined): [string, string] | [null, null] {
  if (!cursor) return [null, null];
  try {
    const json = base64UrlToText(cursor);
    const value = JSON.parse(json) as unknown;
    // The date as the server wrote it (created_at::text): JavaScript reads far more ("0", "Tuesday, ...")
    // than PostgreSQL does, so a looser check let 22007 through as a 500 (issue 28).
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && CURSOR_DATE.test(value[0]) &&
        !Number.isNaN(Date.parse(value[0].replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'))) &&
        typeof value[1] === 'string' && /^[0-9a-f-]{36}$/i.test(value[1])) {
      return [value[0], value[1]];
    }
  } catch { /* falls through */ }
  throw invalid(fieldMessage('cursor', 'is not valid'));
}

/** The parameters of memberDealsSql for one page (one more row than shown tells whether more follow). */
export function memberDealsParams(cityId: string, category: string, cursor?: string, pageSize = MEMBER_DEALS_PAGE_SIZE) {
  return [cityId, ...filterParams(category), ...decodeCursor(cursor), pageSize + 1] as const;
}

/** Cards of the visitors' list (GET /api/deals/public). */
export const PUBLIC_DEALS_LIMIT = 100;

/** $1 city (null = all), $2/$3 the member filter (filterParams), $4 limit: public.public_deals, RLS deciding. */
export const publicDealsSql = `select * from public.public_deals($1::uuid, $2::text, $3::text[], $4::integer)`;

export const publicDealsStatement = (cityId: string | undefined, category: string): Statement =>
  ({ text: publicDealsSql, params: [cityId ?? null, ...filterParams(category), PUBLIC_DEALS_LIMIT] });

/**
 * memberDealsSql (or memberDealsNearSql with a position or a filter) with its parameters (built once per request);
 * 400 for a cursor that is not valid. With a position the page holds the nearest deals and has no next page.
 */
export function memberDealsStatement(cityId: string, category: string, cursor: string | undefined, pageSize = MEMBER_DEALS_PAGE_SIZE, around: MemberDealsAround = {}): Statement {
  const near = around.latitude !== undefined && around.longitude !== undefined;
  if (!near && (around.latitude !== undefined || around.longitude !== undefined)) {
    throw invalid(fieldMessage(around.latitude === undefined ? 'latitude' : 'longitude', 'is required with the other half of the position'));
  }
  if (near && cursor) throw invalid(fieldMessage('cursor', 'is not used with a position (the nearest deals are one page)'));
  if (!near && !around.openNow && !around.validNow) {
    const params = memberDealsParams(cityId, category, cursor, pageSize);
    params.forEach(sqlLiteral); // written in as literals when sent ahead (throws on what cannot be)
    return { text: memberDealsSql, params };
  }
  const [, filter, categories, afterCreatedAt, afterId] = memberDealsParams(cityId, category, near ? undefined : cursor, pageSize);
  const params = [cityId, filter, categories, near ? around.latitude : null, near ? around.longitude : null,
    Boolean(around.openNow), Boolean(around.validNow), afterCreatedAt, afterId, near ? pageSize : pageSize + 1];
  params.forEach(sqlLiteral);
  return { text: memberDealsNearSql, params };
}

/** GET /api/deals: one page of the member view with current codes, from memberDealsStatement's rows. */
export async function memberDealPage(rows: MemberDealPageRow[], nowMs = Date.now(), pageSize = MEMBER_DEALS_PAGE_SIZE): Promise<MemberDealPage> {
  const shown = rows.slice(0, pageSize);
  const codes = await codesOf(shown, nowMs);
  const deals = shown.map((row, i) => toMemberDeal(row, codes[i]!));
  const last = shown[shown.length - 1];
  return { deals, nextCursor: rows.length > pageSize && last ? encodeCursor(last.created_at, last.id) : null };
}

// ---------------------------------------------------------------- deal rows as the merchant and the counter see them

/** Columns of public.deals as the merchant view needs them (alias d). */
export const dealColumns = `d.id, d.title, d.description, d.discount_percent, d.discount_amount_cents, d.category,
  d.active, d.valid_from, d.valid_to, d.max_uses, d.per_member_limit, d.used_count, d.created_at, d.updated_at,
  public.deal_is_live(d.active, d.valid_from, d.valid_to) as is_live, d.rules,
  array(select dl.location_id::text from public.deal_locations dl where dl.deal_id = d.id order by dl.location_id) as location_ids`;

export interface DealRow {
  id: string;
  title: string;
  description: string;
  discount_percent: number | null;
  discount_amount_cents: number | null;
  category: string;
  active: boolean;
  valid_from: Date | string | null;
  valid_to: Date | string | null;
  max_uses: number | null;
  per_member_limit: PerMemberLimit;
  used_count: number;
  created_at: Date | string;
  updated_at: Date | string;
  /** public.deal_is_live, the one definition of live (redeemable now). */
  is_live: boolean;
  rules: Partial<OfferRules> | string | null;
  /** The locations it is limited to (issue 40); empty: all. */
  location_ids: string[];
}

/** A deal row's rules and their sentence with the per-member limit, as every deal answer carries them (issue 38). */
export function rulesOf(row: { rules?: Partial<OfferRules> | string | null; per_member_limit: PerMemberLimit }): { rules: OfferRules | null; rulesText: string } {
  // jsonb arrives parsed from PGlite and as text from postgres.js without prepared statements.
  const stored = typeof row.rules === 'string' ? JSON.parse(row.rules) as Partial<OfferRules> | null : row.rules;
  const rules = stored ? normalizeOfferRules(stored) : null;
  return { rules, rulesText: rulesText(rules, row.per_member_limit) };
}

export function toMerchantDeal(row: DealRow, code: DealCode | undefined): MerchantDeal {
  const live = code && row.is_live;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    discountPercent: row.discount_percent,
    discountAmount: row.discount_amount_cents,
    category: row.category,
    active: row.active,
    currentCode: live ? code.code : null,
    codeExpiresAt: live ? code.expiresAt.toISOString() : null,
    validFrom: isoOrNull(row.valid_from),
    validTo: isoOrNull(row.valid_to),
    maxUses: row.max_uses,
    perMemberLimit: row.per_member_limit,
    locationIds: row.location_ids ?? [],
    usedCount: row.used_count,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    ...rulesOf(row),
  };
}

export interface MemberDealRow {
  id: string;
  title: string;
  description: string;
  category: string;
  discount_percent: number | null;
  discount_amount_cents: number | null;
  used_count: number;
  max_uses: number | null;
  valid_to: Date | string | null;
  merchant_id: string;
  merchant_name: string;
  merchant_category: string;
  merchant_is_women_owned: boolean;
  /** The business's review summary (decision 183); null before its first review. */
  review_count?: number | null;
  rating_sum?: number | null;
  rules: Partial<OfferRules> | string | null;
  per_member_limit: PerMemberLimit;
  /** The member list's card location (decision 209); absent from single-deal rows. */
  location_id?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  distance_m?: number | null;
  open_now?: boolean | null;
  open_text?: string | null;
}

export type SummaryRow = { review_count?: number | null; rating_sum?: number | null };
/** Count and mean (one decimal) from a summary row (null: no shown rating yet). */
export function ratingSummaryOf(row: SummaryRow | undefined): RatingSummary {
  const count = Number(row?.review_count ?? 0);
  return { count, average: count > 0 ? Math.round((Number(row?.rating_sum ?? 0) / count) * 10) / 10 : null };
}

export const toMemberDeal = (row: MemberDealRow, code: DealCode): MemberDeal => ({
  id: row.id,
  title: row.title,
  description: row.description,
  merchantId: row.merchant_id,
  merchantName: row.merchant_name,
  merchantCategory: row.merchant_category,
  merchantIsWomenOwned: row.merchant_is_women_owned,
  category: row.category,
  discountPercent: row.discount_percent,
  discountAmount: row.discount_amount_cents,
  rating: ratingSummaryOf(row),
  currentCode: code.code,
  codeExpiresAt: code.expiresAt.toISOString(),
  usedCount: row.used_count,
  maxUses: row.max_uses,
  validTo: isoOrNull(row.valid_to),
  ...rulesOf(row),
  ...(row.location_id === undefined ? {} : { location: locationOf(row) }),
});

/** The card's location as answered: metres rounded, the open state as private.location_open_state wrote it. */
const locationOf = (row: MemberDealRow): MemberDeal['location'] => (row.location_id ? {
  id: row.location_id,
  latitude: row.latitude ?? null,
  longitude: row.longitude ?? null,
  distanceMeters: row.distance_m == null ? null : Math.round(Number(row.distance_m)),
  openNow: row.open_now ?? null,
  openText: row.open_text ?? null,
} : null);

export interface PublicDealRow extends Omit<MemberDealRow, 'merchant_is_women_owned'> {
  logo_url: string | null;
  city_id: string | null;
  city_name: string | null;
  city_state: string | null;
}

export const toPublicDeal = (row: PublicDealRow): PublicDeal => ({
  id: row.id,
  title: row.title,
  description: row.description,
  merchantId: row.merchant_id,
  merchantName: row.merchant_name,
  category: row.category,
  discountPercent: row.discount_percent,
  discountPercentage: row.discount_percent,
  discountAmount: row.discount_amount_cents,
  validUntil: isoOrNull(row.valid_to),
  usedCount: row.used_count,
  maxUses: row.max_uses,
  ...rulesOf(row),
  merchant: {
    id: row.merchant_id,
    name: row.merchant_name,
    businessName: row.merchant_name,
    logoUrl: row.logo_url,
    category: row.merchant_category,
    city: row.city_id && row.city_name && row.city_state ? { id: row.city_id, name: row.city_name, state: row.city_state } : null,
  },
});

/** The live deals of the business whose counter the caller works (owner or staff; PL403 otherwise), newest first. */
export function counterLiveDealRows(q: Query): Promise<DealRow[]> {
  return q<DealRow>(
    `select ${dealColumns} from public.deals d
      where d.merchant_id = (select (private.counter_merchant()).id) and public.deal_is_live(d.active, d.valid_from, d.valid_to)
      order by d.created_at desc, d.id`,
  );
}

// ---------------------------------------------------------------- the member's offline deal list
// Its SQL (the member list is private.member_deals and the public list public.public_deals, above).

/** Live deals of listed businesses (public.deal_is_live_and_listed); $1 city (or null), $2 member filter (or null), $3 matching deal categories. */
const liveDealsSql = ({ columns = '', joins = '', limit }: { columns?: string; joins?: string; limit: number }) => `
  select d.id, d.title, d.description, d.category, d.discount_percent, d.discount_amount_cents, d.used_count,
         d.max_uses, d.valid_to, m.id as merchant_id, m.name as merchant_name, m.category as merchant_category
         ${columns}
    from public.deals d
    join public.merchants m on m.id = d.merchant_id
    ${joins}
   where public.deal_is_live_and_listed(d.active, d.valid_from, d.valid_to, d.merchant_listed) -- the one rule (decision 179)
     and ($1::uuid is null or m.city_id = $1::uuid)
     and ($2::text is null or m.category = $2::text or d.category = any ($3::text[])
          or ($2::text = 'women-owned' and m.is_women_owned))
   order by d.created_at desc, d.id
   limit ${limit}`;

/** The member filter as SQL parameters ('all' = no filter). */
export function filterParams(category: string): [string | null, string] {
  if (category === 'all') return [null, '{}'];
  return [category, `{${dealCategoriesForFilter(category as never).join(',')}}`];
}

/** A city's live deals for the member's offline cover: $1 city, then the filter parameters. */
export const cityLiveDealsSql = liveDealsSql({ columns: ', m.is_women_owned as merchant_is_women_owned', limit: 500 });

// ---------------------------------------------------------------- each deal's current code from its secret
/** $1: a uuid[] literal of deal ids. Only the secrets the caller may see codes of come back. */
export const codeSecretsSql = `select deal_id, secret from private.deal_code_secrets($1::uuid[])`;

/**
 * Codes already derived in this process, by deal: every caller of one step sees the same code, so
 * a busy city list costs one HMAC per deal per 120 s. Only filled after the database handed out the
 * secret to an authorised caller; it holds codes, never secrets. Bounded by a crude reset.
 */
const derivedCodes = new Map<string, DealCode>();
const DERIVED_CODES_MAX = 50_000;

export async function codeOf(dealId: string, secretHex: string, nowMs: number): Promise<DealCode> {
  const cached = derivedCodes.get(dealId);
  if (cached && cached.step === codeStepAt(nowMs)) return cached;
  const code = await dealCodeAt(hexToBytes(secretHex), nowMs);
  if (derivedCodes.size >= DERIVED_CODES_MAX) derivedCodes.clear();
  derivedCodes.set(dealId, code);
  return code;
}

/**
 * Codes of a page of deals at `nowMs`, in their order. A busy list finds every code already derived in this
 * step: answered then with one promise for the page instead of two per card (garbage collection was the
 * largest single item of the member list's server CPU under load).
 */
export function codesOf(deals: readonly { id: string; secret: string }[], nowMs: number): Promise<DealCode[]> {
  const step = codeStepAt(nowMs);
  const known: DealCode[] = [];
  for (const deal of deals) {
    const cached = derivedCodes.get(deal.id);
    if (!cached || cached.step !== step) return Promise.all(deals.map((d) => codeOf(d.id, d.secret, nowMs)));
    known.push(cached);
  }
  return Promise.resolve(known);
}

/**
 * Current codes of the given deals, derived from their secrets. The database hands out only the
 * secrets the caller may see codes of (private.deal_code_secrets); deals missing from the map get
 * no code. The secrets stay in this function.
 */
export async function currentCodes(query: Query, dealIds: string[], nowMs = Date.now()): Promise<Map<string, DealCode>> {
  if (dealIds.length === 0) return new Map();
  const rows = await query<{ deal_id: string; secret: string }>(
    codeSecretsSql,
    [`{${dealIds.join(',')}}`],
  );
  const codes = await codesOf(rows.map((row) => ({ id: row.deal_id, secret: row.secret })), nowMs);
  return new Map(rows.map((row, i) => [row.deal_id, codes[i]!] as const));
}

/** The secrets themselves, for matching a code at the counter (owner of an approved business only). */
export async function codeSecrets(query: Query, dealIds: string[]): Promise<Map<string, Uint8Array>> {
  if (dealIds.length === 0) return new Map();
  const rows = await query<{ deal_id: string; secret: string }>(
    codeSecretsSql,
    [`{${dealIds.join(',')}}`],
  );
  return new Map(rows.map((row) => [row.deal_id, hexToBytes(row.secret)]));
}

/**
 * Codes by deal and step, derived for matching at the counter: each check of a code compares it with
 * the current and previous step of every live deal of the business, two HMACs per deal and step
 * (decision 130: 8.8 ms of server CPU per verify for ten deals). Holds codes, never secrets.
 */
const stepCodes = new Map<string, string>();

/** The step of `dealId` that `code` belongs to at `timeMs` (current, then previous), or null; cached per deal and step. */
export function matchDealCodeStep(dealId: string, secret: Uint8Array, code: string, timeMs: number): Promise<number | null> {
  return matchCodeStep(secret, code, timeMs, async (step) => {
    const key = `${dealId}:${step}`;
    const known = stepCodes.get(key);
    if (known !== undefined) return known;
    const derived = await dealCodeForStep(secret, step);
    if (stepCodes.size >= DERIVED_CODES_MAX) stepCodes.clear();
    stepCodes.set(key, derived);
    return derived;
  });
}
