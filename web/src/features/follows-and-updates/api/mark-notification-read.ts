import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@shared/contract/index.ts';
import { outbox } from '@/lib/outbox/outbox';
import { notificationKeys } from './keys';

/**
 * POST /api/notifications/{id}/read through the outbox: sent at once when online, otherwise kept on the device
 * and sent once when the network returns (decision 061).
 */
const markNotificationRead = (id: string) =>
  outbox.request<Notification>({
    method: 'POST',
    url: `/api/notifications/${encodeURIComponent(id)}/read`,
    label: 'Mark a notification as read',
    kind: 'notifications.read',
    invalidate: [notificationKeys.list],
  });

/** POST /api/notifications/{id}/read; the card turns read at once and the list is confirmed afterwards. */
export function useMarkNotificationRead({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  const setRead = (id: string, isRead: boolean) =>
    queryClient.setQueryData<Notification[]>(notificationKeys.list, (list) => list?.map((n) => (n.id === id ? { ...n, isRead } : n)));
  return useMutation({
    // Runs offline too: the outbox keeps the change until it can be sent.
    networkMode: 'always',
    mutationFn: markNotificationRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list });
      setRead(id, true);
    },
    onError: (error, id) => {
      setRead(id, false);
      onError?.(error);
    },
    // Sent: confirm with the server's list. Queued: the card stays read; the replay refetches the list.
    onSuccess: (result) => {
      if (!result.queued) void queryClient.invalidateQueries({ queryKey: notificationKeys.list });
    },
  });
}
