import { Hono } from 'hono';
import { passCertificateBody } from '../../_shared/contract/member-pass.ts';
import { type AppEnv, userTx, servicesOf } from '../http/context.ts';
import { parseJson } from '../http/validate.ts';
import { requireUser } from '../http/session.ts';
import { certifyMemberDevice, memberPoints } from './member-card.ts';

/** /api/member: the member card (member number and points per business) and its pass (decision 165). */
export const memberPointsRoutes = new Hono<AppEnv>();

memberPointsRoutes.get('/points', async (c) => {
  requireUser(c, 'USER');
  return c.json(await userTx(c, memberPoints));
});

/** POST /api/member/pass-certificate {x, y}: certifies the device's pass key for up to 12 hours. */
memberPointsRoutes.post('/pass-certificate', async (c) => {
  requireUser(c, 'USER');
  const deviceKey = await parseJson(c, passCertificateBody);
  return c.json(await certifyMemberDevice(servicesOf(c), deviceKey, Date.now()), 201);
});
