// The deal domain as the API sees it: the member's deal list (one SQL function that RLS governs),
// the public list, and the codes. Routes call these; the SQL lives in
// SQL functions, current definitions in supabase/schema.sql (private.member_deals, public.deal_is_live_and_listed).
import type { MemberDeal } from '../../_shared/contract/deals.ts';
import { base64UrlToText, textToBase64Url } from '../../_shared/encoding.ts';
import type { Statement } from '../db/database.ts';
import { sqlLiteral } from '../db/sql-literal.ts';
import { invalid } from '../domain-error.ts';
import { codesOf } from './deal-codes.ts';
import { type MemberDealRow, toMemberDeal } from './deal-views.ts';
import { filterParams } from './live-deals-sql.ts';

/** Cards per page of the member list (the first page is what a phone shows and a bit more). */
export const MEMBER_DEALS_PAGE_SIZE = 50;

/**
 * One page of a city's live deals with their secrets, newest first, in one statement:
 * $1 city, $2 filter, $3 categories, $4/$5 the cursor (created_at text, id; null = first page), $6 limit.
 * PL403 when the caller has no active membership. Each business's rating summary joins by its key (kept on write,
 * decision 183), in the function's order.
 */
export const memberDealsSql = `select md.*, s.review_count, s.rating_sum
  from private.member_deals($1::uuid, $2::text, $3::text[], $4::timestamptz, $5::uuid, $6::integer) with ordinality md
  left join public.business_review_summaries s on s.merchant_id = md.merchant_id
 order by md.ordinality`;

export interface MemberDealPage {
  deals: MemberDeal[];
  /** Opaque; pass as `cursor` for the next page. Null on the last page. */
  nextCursor: string | null;
}

/** A row of memberDealsSql. */
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
  throw invalid('cursor is not valid');
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

/** memberDealsSql with its parameters (built once per request); 400 for a cursor that is not valid. */
export function memberDealsStatement(cityId: string, category: string, cursor: string | undefined, pageSize = MEMBER_DEALS_PAGE_SIZE): Statement {
  const params = memberDealsParams(cityId, category, cursor, pageSize);
  params.forEach(sqlLiteral); // written in as literals when sent ahead (throws on what cannot be)
  return { text: memberDealsSql, params };
}

/** GET /api/deals: one page of the member view with current codes, from memberDealsStatement's rows. */
export async function memberDealPage(rows: MemberDealPageRow[], nowMs = Date.now(), pageSize = MEMBER_DEALS_PAGE_SIZE): Promise<MemberDealPage> {
  const shown = rows.slice(0, pageSize);
  const codes = await codesOf(shown, nowMs);
  const deals = shown.map((row, i) => toMemberDeal(row, codes[i]!));
  const last = shown[shown.length - 1];
  return { deals, nextCursor: rows.length > pageSize && last ? encodeCursor(last.created_at, last.id) : null };
}
