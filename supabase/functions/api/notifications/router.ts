import { Hono } from 'hono';
import { aheadRows, type AppEnv, userTx } from '../http/context.ts';
import { markNotificationRead, notificationListStatement, type NotificationRow, toNotifications } from './notifications.ts';
import { notFound } from '../http/http-error.ts';
import { pathId } from '../http/params.ts';
import { type AheadStatement, requireUser } from '../http/session.ts';

// A member's notifications (decision 180). The queries never name a user: the database functions use
// the session's auth.uid().
export const notificationRoutes = new Hono<AppEnv>();

const NOTIFICATION_NOT_FOUND = 'Notification not found';

/** GET /api/notifications's one statement leaves with the session lookup (decision 130). */
export const notificationsAhead: AheadStatement = {
  method: 'GET', path: '/api/notifications', statement: notificationListStatement,
};

notificationRoutes.get('/', async (c) => {
  requireUser(c);
  return c.json(toNotifications(await aheadRows<NotificationRow>(c, notificationListStatement)));
});

notificationRoutes.post('/:id/read', async (c) => {
  requireUser(c);
  const id = pathId(c);
  const marked = await userTx(c, (q) => markNotificationRead(q, id));
  // Someone else's notification is as unknown as a made-up id.
  if (!marked) throw notFound(NOTIFICATION_NOT_FOUND);
  return c.json(marked);
});
