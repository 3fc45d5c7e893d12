import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Notification } from '@shared/contract/index.ts';
import { apiJson } from '@/lib/api-client';
import { notificationKeys } from './keys';

export const markNotificationRead = (id: string) =>
  apiJson<Notification>('POST', `/api/notifications/${encodeURIComponent(id)}/read`);

/** POST /api/notifications/{id}/read; the card turns read at once and the list is confirmed afterwards. */
export function useMarkNotificationRead({ onError }: { onError?: (error: Error) => void } = {}) {
  const queryClient = useQueryClient();
  const setRead = (id: string, isRead: boolean) =>
    queryClient.setQueryData<Notification[]>(notificationKeys.list, (list) => list?.map((n) => (n.id === id ? { ...n, isRead } : n)));
  return useMutation({
    mutationFn: markNotificationRead,
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.list });
      setRead(id, true);
    },
    onError: (error, id) => {
      setRead(id, false);
      onError?.(error);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.list }),
  });
}
