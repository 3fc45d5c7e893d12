import { Hono } from 'hono';
import { type Business, businessSearchQuery } from '../../_shared/contract/collabs.ts';
import { type AppEnv, userTx } from '../context.ts';
import { parseQuery } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';

export const businessSearchRoutes = new Hono<AppEnv>();

/** How close a misspelled query must be to a word run of the name (pg_trgm word similarity, 0..1). */
export const NAME_SIMILARITY_THRESHOLD = 0.45;

// Active businesses only (RLS shows others nothing more), never the caller's own. Text matches
// name/category/description words (full text, stemmed), a misspelled name (trigram word
// similarity) or a part of the name; the best name and text matches come first.
const searchSql = `
  select m.id, m.name, m.logo_url as "logoUrl",
         coalesce(ci.name, nullif(split_part(m.city_name, ', ', 1), '')) as city,
         coalesce(ci.state, nullif(split_part(m.city_name, ', ', 2), '')) as state,
         m.business_type as "businessType", m.category, m.active as "isVerified"
    from public.merchants m
    left join public.cities ci on ci.id = m.city_id
   where m.active
     and m.owner_user_id is distinct from (select auth.uid())
     and ($2::text is null or m.category = $2::text or ($2::text = 'women-owned' and m.is_women_owned))
     and ($3::uuid is null or m.city_id = $3::uuid)
     and ($1::text = ''
          or m.search_vector @@ websearch_to_tsquery('english', $1::text)
          or $1::text operator(extensions.<%) m.name
          or m.name ilike $5::text)
   order by case when $1::text = '' then 0
                 else ts_rank(m.search_vector, websearch_to_tsquery('english', $1::text))
                      + 2 * extensions.word_similarity($1::text, m.name)
                      + case when m.name ilike $6::text then 1 else 0 end
            end desc,
            m.name, m.id
   limit $4`;

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

businessSearchRoutes.get('/businesses/search', async (c) => {
  requireUser(c);
  const { q, category, city, limit } = parseQuery(c, businessSearchQuery);
  const businesses = await userTx(c, async (query) => {
    await query(`select set_config('pg_trgm.word_similarity_threshold', $1, true)`, [String(NAME_SIMILARITY_THRESHOLD)]);
    return query<Business>(searchSql, [
      q, category ?? null, city ?? null, limit, `%${likeEscape(q)}%`, `${likeEscape(q)}%`,
    ]);
  });
  return c.json(businesses);
});
