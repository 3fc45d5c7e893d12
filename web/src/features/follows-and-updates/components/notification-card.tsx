import type { Notification } from '@shared/contract/index.ts';
import { Badge } from '@/components/ui/badge';
import { Button, ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { cn } from '@/lib/cn';
import { dayAndTime } from '@/lib/dates';
import { EDGE_CLASSES, ICON_CLASSES, KIND_LABELS, notificationKind, type NotificationKind } from '../utils/notification-style';
import { BellIcon, MegaphoneIcon, TagIcon } from './icons';

const ICONS: Record<NotificationKind, typeof TagIcon> = { deal: TagIcon, update: MegaphoneIcon, other: BellIcon };

/** Opens the deal's own page, /deals/:id (decision 115; it amends decision 031). */
const dealLink = (dealId: string) => paths.deal(dealId);

interface NotificationCardProps {
  notification: Notification;
  onMarkRead: (id: string) => void;
  marking: boolean;
}

export function NotificationCard({ notification: n, onMarkRead, marking }: NotificationCardProps) {
  const kind = notificationKind(n.type);
  const Icon = ICONS[kind];
  const unread = !n.isRead;
  return (
    <article
      aria-label={`${KIND_LABELS[kind]} from ${n.data.merchantName}${unread ? ', unread' : ''}`}
      className={cn(
        'flex gap-4 rounded-2xl border border-l-4 border-stone-200 p-4 shadow-sm sm:p-5',
        EDGE_CLASSES[kind],
        unread ? 'bg-brand-50 ring-1 ring-brand-200' : 'bg-white',
      )}
    >
      <span className={cn('flex size-10 shrink-0 items-center justify-center rounded-full', ICON_CLASSES[kind])}>
        <Icon className="size-5" role="img" aria-label={KIND_LABELS[kind]} />
      </span>
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="font-semibold text-stone-900">{n.data.merchantName}</h3>
          {unread && <Badge>New</Badge>}
          <time dateTime={n.createdAt} className="ml-auto text-xs text-stone-600">
            {dayAndTime(n.createdAt)}
          </time>
        </div>
        {n.type === 'NEW_DEAL' && n.data.dealTitle && <p className="font-medium text-stone-900">New Deal: {n.data.dealTitle}</p>}
        {n.data.previewText && <p className="text-sm break-words text-stone-700">{n.data.previewText}</p>}
        {((n.type === 'NEW_DEAL' && n.data.dealId) || unread) && (
          <div className="flex flex-wrap gap-2 pt-1">
            {n.type === 'NEW_DEAL' && n.data.dealId && (
              <ButtonLink to={dealLink(n.data.dealId)} size="sm">
                View Deal
              </ButtonLink>
            )}
            {unread && (
              <Button variant="outline" size="sm" pending={marking} onClick={() => onMarkRead(n.id)}>
                Mark as read
              </Button>
            )}
          </div>
        )}
      </div>
    </article>
  );
}
