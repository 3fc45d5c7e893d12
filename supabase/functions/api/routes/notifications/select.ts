/** Columns of a notification as the API answers it; `n` is public.notifications. */
// The references are resolved as the member (RLS): a business or deal that is gone or hidden is null.
export const notificationColumns = `n.id, n.type, n.is_read, n.created_at, n.data,
  (select m.id from public.merchants m where m.id = n.merchant_id) as merchant_id,
  n.deal_id as open_deal_id`;

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
