// A member's notifications (decision 180: fan-out on read). The list is the member's own rows plus the
// events of the businesses they followed at the time (private.member_notifications); merchant and deal
// references are resolved as the member (RLS): a business or deal that is gone or hidden is null, and for
// deals that means exactly when the member home could not show it ("View Deal" is hidden then).
import { NOTIFICATIONS_LIMIT, type Notification } from '../../_shared/contract/notifications.ts';
import { type Query, type Statement, iso } from '../db/database.ts';

const columns = `n.id, n.type, n.is_read, n.created_at, n.data,
  (select m.id from public.merchants m where m.id = n.merchant_id) as merchant_id,
  (select d.id from public.deals d where d.id = n.deal_id) as open_deal_id`;

export interface NotificationRow {
  id: string;
  type: string;
  is_read: boolean;
  created_at: Date | string;
  data: Record<string, unknown>;
  merchant_id: string | null;
  /** The deal, when it still exists and the member may open it; else null ("View Deal" hidden). */
  open_deal_id: string | null;
}

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

/** The list's one statement, also sent ahead with the session lookup (decision 130). */
export const notificationListStatement = (): Statement => ({
  text: `select ${columns} from private.member_notifications($1) n order by n.created_at desc, n.id desc`,
  params: [NOTIFICATIONS_LIMIT],
});

/** The signed-in member's latest notifications, newest first. */
export const toNotifications = (rows: NotificationRow[]): Notification[] => rows.map(toNotification);

/** Marks one of the caller's notifications read; null when it is not theirs (or unknown). */
export async function markNotificationRead(q: Query, id: string): Promise<Notification | null> {
  const [row] = await q<NotificationRow>(`select ${columns} from private.mark_notification_read($1) n`, [id]);
  return row ? toNotification(row) : null;
}
