// Business search for collaborations (decision 177: the SQL of collabs/search-router.ts). Active businesses other
// than the caller's own, matched by name/category/description words (full text, stemmed), a misspelled name
// (trigram word similarity >= 0.45) or part of the name: private.search_businesses (supabase/schemas/businesses.sql),
// run as the caller.
import type { Business } from '../../_shared/contract/collabs.ts';
import type { Query } from '../db/database.ts';

export const searchBusinesses = (
  q: Query, search: { q: string; category?: string; city?: string; limit: number },
) => q<Business>(`select * from private.search_businesses($1, $2, $3, $4)`, [search.q, search.category ?? null, search.city ?? null, search.limit]);
