// A merchant's own business profile: read it (staff: the business whose counter they work), apply for
// one, and change its logo. SQL as the caller (RLS: a merchant reads and changes only their own business).
import type { z } from 'zod';
import { DEFAULT_CITY_NAME, type Role } from '../../_shared/constants.ts';
import type { merchantApplyBody, MerchantProfile } from '../../_shared/contract/merchants.ts';
import type { Query } from '../db/database.ts';
import { DomainError } from '../domain-error.ts';
import { counterMerchant, merchantColumns, type MerchantRow, ownMerchant, toMerchantProfile } from './merchant-view.ts';
import { fieldMessage } from '../../_shared/contract/field-labels.ts';

export const NO_MERCHANT_PROFILE = 'No merchant profile yet. Complete your merchant application.';

/** The caller's business; staff read the one whose counter they work (decision 166). 404: no profile yet. */
export async function counterProfile(q: Query, role: Role): Promise<MerchantProfile> {
  const merchant = await (role === 'STAFF' ? counterMerchant : ownMerchant)(q);
  if (!merchant) throw new DomainError('not-found', NO_MERCHANT_PROFILE);
  return toMerchantProfile(merchant);
}

/** A MERCHANT account without a business applies; the business starts pending. */
export async function applyForBusiness(q: Query, body: z.output<typeof merchantApplyBody>): Promise<MerchantProfile> {
  if (await ownMerchant(q)) throw new DomainError('conflict', 'You have already applied. Your application is on file.');
  let cityName = body.cityName ?? DEFAULT_CITY_NAME;
  if (body.cityId) {
    const [city] = await q<{ label: string }>(
      `select name || ', ' || state as label from public.cities where id = $1 and active`, [body.cityId]);
    if (!city) throw new DomainError('invalid', fieldMessage('cityId', 'is not an available city'));
    cityName = city.label;
  }
  const [row] = await q<MerchantRow>(
    `insert into public.merchants as m
       (owner_user_id, name, address, business_type, description, phone, website, city_id, city_name, is_women_owned)
     values ((select auth.uid()), $1, $2, $3, $4, $5, $6, $7, $8, $9)
     returning ${merchantColumns}`,
    [body.businessName, body.businessAddress, body.businessType ?? null, body.businessDescription ?? null,
      body.businessPhone ?? null, body.businessWebsite ?? null, body.cityId ?? null, cityName, body.isWomenOwned],
  );
  return toMerchantProfile(row);
}

/** Sets the caller's business logo to a stored object; returns the profile and the logo it replaced. 404: no business. */
export async function swapLogo(q: Query, storedPath: string): Promise<{ profile: MerchantProfile; previous: string | null }> {
  const [before] = await q<{ logo_url: string | null }>(
    `select logo_url from public.merchants where owner_user_id = (select auth.uid()) for update`);
  if (!before) throw new DomainError('not-found', NO_MERCHANT_PROFILE);
  const [row] = await q<MerchantRow>(
    `update public.merchants m set logo_url = $1 where m.owner_user_id = (select auth.uid())
     returning ${merchantColumns}`,
    [storedPath],
  );
  return { profile: toMerchantProfile(row), previous: before.logo_url };
}
