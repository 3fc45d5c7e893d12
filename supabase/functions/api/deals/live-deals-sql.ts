// The SQL of the member's offline deal list (the member list is private.member_deals and the public
// list public.public_deals, see deals.ts).
import { dealCategoriesForFilter } from '../../_shared/deal-filters.ts';

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
