/** The look of a notification card by type (spec: NEW_DEAL green, BUSINESS_UPDATE blue, others grey). */
export type NotificationKind = 'deal' | 'update' | 'other';

export function notificationKind(type: string): NotificationKind {
  if (type === 'NEW_DEAL') return 'deal';
  if (type === 'BUSINESS_UPDATE') return 'update';
  return 'other';
}

export const EDGE_CLASSES: Record<NotificationKind, string> = {
  deal: 'border-l-green-600',
  update: 'border-l-blue-600',
  other: 'border-l-stone-400',
};

export const ICON_CLASSES: Record<NotificationKind, string> = {
  deal: 'bg-green-100 text-green-800',
  update: 'bg-blue-100 text-blue-800',
  other: 'bg-stone-100 text-stone-700',
};

/** Screen-reader name of the type icon. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  deal: 'New deal',
  update: 'Business update',
  other: 'Notification',
};

/** The unread count as the header badge shows it. */
export const unreadBadgeText = (count: number) => (count > 99 ? '99+' : String(count));
