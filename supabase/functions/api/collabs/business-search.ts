// Business search for collaborations (decision 177: the SQL of collabs/search-router.ts; decision 206: the top page
// only). Active businesses other than the caller's own: names starting with the words, then word matches (full
// text, stemmed), then parts of words and misspelled names (trigram word similarity >= 0.45), the caller's city
// first within each: private.search_businesses (supabase/schemas/businesses.sql), run as the caller. The page ends
// with a keyset cursor, the sort key of its last row. One statement, known from the query string alone, so it can
// leave with the session lookup (decision 130; search-router.ts).
import type { Business, BusinessSearchAnswer } from '../../_shared/contract/collabs.ts';
import { base64UrlToText, textToBase64Url } from '../../_shared/encoding.ts';
import type { Statement } from '../db/database.ts';
import { invalid } from '../domain-error.ts';

/** Where a page ends: [tier, city rank, score, name key, id], the order private.search_businesses reads in. */
type SearchKey = [number, number, number, string, string];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface BusinessSearch { q: string; category?: string; city?: string; limit: number; cursor?: string }

/** The key after which the page starts, null for the first page; 400 for anything not ours. */
function decodeSearchCursor(cursor: string | undefined): SearchKey | null {
  if (!cursor) return null;
  try {
    const value = JSON.parse(base64UrlToText(cursor)) as unknown;
    if (Array.isArray(value) && value.length === 5 && [0, 1, 2].includes(value[0] as number) &&
        [0, 1].includes(value[1] as number) && typeof value[2] === 'number' && Number.isFinite(value[2]) &&
        typeof value[3] === 'string' && value[3].length <= 400 && typeof value[4] === 'string' && UUID.test(value[4])) {
      return value as SearchKey;
    }
  } catch { /* falls through */ }
  throw invalid('cursor is not valid');
}

export type BusinessSearchRow = Business & { tier: number; city_rank: number; score: number; name_key: string };

/**
 * The search's one statement (a bad cursor throws: 400). The function returns one row more than the page when
 * there is a next page.
 */
export function businessSearchStatement(search: BusinessSearch): Statement {
  const after = decodeSearchCursor(search.cursor);
  return {
    text: `select * from private.search_businesses($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    params: [search.q, search.category ?? null, search.city ?? null, search.limit, ...(after ?? [null, null, null, null, null])],
  };
}

/** The page the statement's rows make, and the cursor of the next one. */
export function businessSearchPage(rows: BusinessSearchRow[], limit: number): BusinessSearchAnswer {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    businesses: page.map(({ tier: _t, city_rank: _c, score: _s, name_key: _n, ...business }) => business),
    nextCursor: rows.length > limit && last
      ? textToBase64Url(JSON.stringify([last.tier, last.city_rank, Number(last.score), last.name_key, last.id]))
      : null,
  };
}
