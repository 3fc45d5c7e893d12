import { Hono } from 'hono';
import type { MemberPointsAnswer } from '../../_shared/contract/counter.ts';
import { MEMBERSHIP_REQUIRED_MESSAGE } from '../../_shared/contract/deals.ts';
import { passCertificateBody } from '../../_shared/contract/member-pass.ts';
import { type AppEnv, userTx } from '../context.ts';
import { forbidden } from '../lib/http-error.ts';
import { parseJson } from '../lib/validate.ts';
import { requireUser } from '../middleware/session.ts';
import { certifyDeviceKey, platformPassKeys } from '../domain/member-pass.ts';

/** /api/member: the member card (member number and points per business) and its pass (decision 165). */
export const memberPointsRoutes = new Hono<AppEnv>();

memberPointsRoutes.get('/points', async (c) => {
  requireUser(c, 'USER');
  const answer = await userTx(c, async (q): Promise<MemberPointsAnswer> => {
    const [me] = await q<{ member_number: number | null }>(
      `select member_number from public.profiles where id = (select auth.uid())`);
    const balances = await q<{ merchant_id: string; merchant_name: string; points: number }>(
      `select b.merchant_id, m.name as merchant_name, b.points
         from public.point_balances b join public.merchants m on m.id = b.merchant_id
        where b.member_id = (select auth.uid()) and b.points > 0
        order by b.points desc, m.name`);
    return {
      memberNumber: me?.member_number == null ? null : String(me.member_number),
      totalPoints: balances.reduce((sum, b) => sum + b.points, 0),
      balances: balances.map((b) => ({ merchantId: b.merchant_id, merchantName: b.merchant_name, points: b.points })),
    };
  });
  return c.json(answer);
});

/** POST /api/member/pass-certificate {x, y}: certifies the device's pass key for up to 12 hours. */
memberPointsRoutes.post('/pass-certificate', async (c) => {
  requireUser(c, 'USER');
  const deviceKey = await parseJson(c, passCertificateBody);
  const keys = await platformPassKeys(c.var.deps.db);
  const answer = await userTx(c, (q) => certifyDeviceKey(q, keys, deviceKey, Date.now()));
  if (answer === 'not-a-member') throw forbidden(MEMBERSHIP_REQUIRED_MESSAGE);
  return c.json(answer, 201);
});
