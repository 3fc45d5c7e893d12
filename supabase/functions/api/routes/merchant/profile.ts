import { Hono } from 'hono';
import { DEFAULT_CITY_NAME } from '../../../_shared/constants.ts';
import { merchantApplyBody, merchantLogoBody } from '../../../_shared/contract/merchants.ts';
import { type AppEnv, userTx } from '../../context.ts';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { deleteStoredObject, resolveUploadedObject } from '../../lib/uploaded-object.ts';
import { parseJson } from '../../lib/validate.ts';
import { COUNTER_ROLES, requireUser } from '../../middleware/session.ts';
import { counterMerchant, merchantColumns, type MerchantRow, ownMerchant, toMerchantProfile } from '../../domain/merchant-view.ts';

export const NO_MERCHANT_PROFILE = 'No merchant profile yet. Complete your merchant application.';

export const merchantProfileRoutes = new Hono<AppEnv>();

/** GET /api/merchant/me: 404 means "no merchant profile" (the Complete Application view). Staff: their business. */
merchantProfileRoutes.get('/me', async (c) => {
  const user = requireUser(c, ...COUNTER_ROLES);
  // Staff read the business whose counter they work (decision 166): its name and reward rate for the counter.
  const merchant = await userTx(c, user.role === 'STAFF' ? counterMerchant : ownMerchant);
  if (!merchant) throw notFound(NO_MERCHANT_PROFILE);
  return c.json(toMerchantProfile(merchant));
});

/** POST /api/merchant/apply: a MERCHANT account without a business applies; it starts pending. */
merchantProfileRoutes.post('/apply', async (c) => {
  requireUser(c, 'MERCHANT');
  const body = await parseJson(c, merchantApplyBody);
  const merchant = await userTx(c, async (q) => {
    if (await ownMerchant(q)) throw conflict('You have already applied. Your application is on file.');
    let cityName = body.cityName ?? DEFAULT_CITY_NAME;
    if (body.cityId) {
      const [city] = await q<{ label: string }>(
        `select name || ', ' || state as label from public.cities where id = $1 and active`, [body.cityId]);
      if (!city) throw badRequest('cityId is not an available city');
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
    return row;
  });
  return c.json(toMerchantProfile(merchant), 201);
});

/**
 * PUT /api/merchant/logo {logoUrl}: an image the merchant uploaded through POST /api/objects/upload
 * (images only, at most 5 MB, checked by bytes at upload). The replaced logo is deleted.
 */
merchantProfileRoutes.put('/logo', async (c) => {
  const user = requireUser(c, 'MERCHANT');
  const { logoUrl } = await parseJson(c, merchantLogoBody);
  const storedPath = await resolveUploadedObject(c, logoUrl, user.id, 'logoUrl');
  const swapped = await userTx(c, async (q) => {
    const [before] = await q<{ logo_url: string | null }>(
      `select logo_url from public.merchants where owner_user_id = (select auth.uid()) for update`);
    if (!before) return null;
    const [row] = await q<MerchantRow>(
      `update public.merchants m set logo_url = $1 where m.owner_user_id = (select auth.uid())
       returning ${merchantColumns}`,
      [storedPath],
    );
    return { merchant: row, previous: before.logo_url };
  });
  if (!swapped) throw notFound(NO_MERCHANT_PROFILE);
  if (swapped.previous && swapped.previous !== storedPath) await deleteStoredObject(c, swapped.previous);
  return c.json(toMerchantProfile(swapped.merchant));
});
