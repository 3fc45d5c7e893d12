import { Hono } from 'hono';
import { merchantApplyBody, merchantLogoBody } from '../../_shared/contract/merchants.ts';
import { type AppEnv, userTx, servicesOf } from '../http/context.ts';
import { deleteStoredObject, resolveUploadedObject } from '../uploads/index.ts';
import { parseJson } from '../http/validate.ts';
import { COUNTER_ROLES, requireUser } from '../http/session.ts';
import { applyForBusiness, counterProfile, swapLogo } from './profile.ts';

export const merchantProfileRoutes = new Hono<AppEnv>();

/** GET /api/merchant/me: 404 means "no merchant profile" (the Complete Application view). Staff: their business. */
merchantProfileRoutes.get('/me', async (c) => {
  const user = requireUser(c, ...COUNTER_ROLES);
  return c.json(await userTx(c, (q) => counterProfile(q, user.role)));
});

/** POST /api/merchant/apply: a MERCHANT account without a business applies; it starts pending. */
merchantProfileRoutes.post('/apply', async (c) => {
  requireUser(c, 'MERCHANT');
  const body = await parseJson(c, merchantApplyBody);
  return c.json(await userTx(c, (q) => applyForBusiness(q, body)), 201);
});

/**
 * PUT /api/merchant/logo {logoUrl}: an image the merchant uploaded through POST /api/objects/upload
 * (images only, at most 5 MB, checked by bytes at upload). The replaced logo is deleted.
 */
merchantProfileRoutes.put('/logo', async (c) => {
  const user = requireUser(c, 'MERCHANT');
  const { logoUrl } = await parseJson(c, merchantLogoBody);
  const storedPath = await resolveUploadedObject(servicesOf(c), logoUrl, user.id, 'logoUrl');
  const { profile, previous } = await userTx(c, (q) => swapLogo(q, storedPath));
  if (previous && previous !== storedPath) await deleteStoredObject(servicesOf(c), previous);
  return c.json(profile);
});
