import { Hono } from 'hono';
import { type BusinessUpdate, businessUpdateBody } from '../../../_shared/contract/notifications.ts';
import { type AppEnv, userTx } from '../../context.ts';
import { forbidden, notFound } from '../../lib/http-error.ts';
import { iso } from '../../lib/iso.ts';
import { parseJson } from '../../lib/validate.ts';
import { requireUser } from '../../middleware/session.ts';

// A merchant's short news to its followers (mounted at /merchant/updates). The insert's trigger
// fans it out as BUSINESS_UPDATE notifications; RLS admits only the owner of an approved business.
export const businessUpdateRoutes = new Hono<AppEnv>();

type Row = { id: string; message: string; created_at: Date | string };
const toUpdate = (r: Row): BusinessUpdate => ({ id: r.id, message: r.message, createdAt: iso(r.created_at) });

const ownBusiness = `select m.id, m.active from public.merchants m where m.owner_user_id = (select auth.uid())`;

businessUpdateRoutes.get('/', async (c) => {
  requireUser(c, 'MERCHANT');
  const rows = await userTx(c, (q) =>
    q<Row>(
      `select u.id, u.message, u.created_at from public.business_updates u
        where u.merchant_id = (select m.id from public.merchants m where m.owner_user_id = (select auth.uid()))
        order by u.created_at desc limit 20`,
    ),
  );
  return c.json(rows.map(toUpdate));
});

businessUpdateRoutes.post('/', async (c) => {
  requireUser(c, 'MERCHANT');
  const { message } = await parseJson(c, businessUpdateBody);
  const row = await userTx(c, async (q) => {
    const [business] = await q<{ id: string; active: boolean }>(ownBusiness);
    if (!business) throw notFound('Merchant profile not found');
    if (!business.active) throw forbidden('Your business must be approved before posting updates');
    const [inserted] = await q<Row>(
      `insert into public.business_updates (merchant_id, message) values ($1, $2) returning id, message, created_at`,
      [business.id, message],
    );
    return inserted;
  });
  return c.json(toUpdate(row), 201);
});
