import { Hono } from 'hono';
import { NOTIFICATIONS_LIMIT, type Notification } from '../../../_shared/contract/notifications.ts';
import { aheadRows, type AppEnv, userTx } from '../../context.ts';
import { notFound } from '../../lib/http-error.ts';
import { iso } from '../../lib/iso.ts';
import { pathId } from '../../lib/params.ts';
import { type AheadStatement, requireUser } from '../../middleware/session.ts';
import { notificationColumns, type NotificationRow } from './select.ts';

// A member's notifications. RLS alone decides whose rows these are: the queries never name a user.
export const notificationRoutes = new Hono<AppEnv>();

const NOTIFICATION_NOT_FOUND = 'Notification not found';

const toNotification = (r: NotificationRow): Notification => ({
  id: r.id,
  type: r.type,
  isRead: r.is_read,
  createdAt: iso(r.created_at),
  data: {
    merchantName: String(r.data.merchantName ?? ''),
    ...(typeof r.data.dealTitle === 'string' ? { dealTitle: r.data.dealTitle } : {}),
    previewText: String(r.data.previewText ?? ''),
    merchantId: r.merchant_id,
    dealId: r.open_deal_id,
  },
});

const listSql = `select ${notificationColumns} from public.notifications n
        order by n.created_at desc, n.id desc limit $1`;

/** GET /api/notifications's one statement leaves with the session lookup (decision 130). */
const listStatement = () => ({ text: listSql, params: [NOTIFICATIONS_LIMIT] });
export const notificationsAhead: AheadStatement = { method: 'GET', path: '/api/notifications', statement: listStatement };

notificationRoutes.get('/', async (c) => {
  requireUser(c);
  const rows = await aheadRows<NotificationRow>(c, listStatement);
  return c.json(rows.map(toNotification));
});

notificationRoutes.post('/:id/read', async (c) => {
  requireUser(c);
  const id = pathId(c);
  const [row] = await userTx(c, (q) =>
    q<NotificationRow>(
      `update public.notifications n set is_read = true where n.id = $1 returning ${notificationColumns}`,
      [id],
    ),
  );
  // Someone else's notification is invisible (RLS), so it is as unknown as a made-up id.
  if (!row) throw notFound(NOTIFICATION_NOT_FOUND);
  return c.json(toNotification(row));
});
