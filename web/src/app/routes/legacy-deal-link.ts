import { paths } from '@/config/paths';

/**
 * Where an old "View Deal" link goes: notifications used to open `/app?deal=<id>` (decision 031); that
 * address now leads to the deal's own page, `/deals/<id>` (decision 115). Null for any other address.
 */
export function legacyDealRedirect(pathname: string, search: string): string | null {
  if (pathname.replace(/(.)\/+$/, '$1') !== paths.memberHome) return null;
  const dealId = new URLSearchParams(search).get('deal');
  return dealId ? paths.deal(dealId) : null;
}
