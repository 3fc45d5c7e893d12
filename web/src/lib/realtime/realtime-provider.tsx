import { createContext, useContext, useEffect, useEffectEvent, useMemo, type ReactNode } from 'react';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useUser } from '../auth/get-me';
import { lazyRealtimeClient } from './connect';
import type { MessageHandler, RealtimeClient } from './realtime-client';

const RealtimeContext = createContext<RealtimeClient | null>(null);

/**
 * One realtime client per signed-in user, for the whole app. It connects only once something
 * subscribes (member screens do; merchant and admin screens need not), and is dropped on sign-out.
 */
export function RealtimeProvider({ children }: { children: ReactNode }) {
  const { user } = useUser();
  const userId = user?.id ?? null;
  const client = useMemo(() => (userId ? lazyRealtimeClient() : null), [userId]);
  useEffect(() => () => client?.close(), [client]);
  return <RealtimeContext.Provider value={client}>{children}</RealtimeContext.Provider>;
}

/**
 * Calls `onMessage` for every message on each topic while mounted (no-op when signed out or there is none).
 * `topics` is one topic or several; the subscriptions change only when the topics do.
 */
function useRealtimeTopics(topics: string | readonly string[] | null | undefined, onMessage: MessageHandler) {
  const client = useContext(RealtimeContext);
  const handle = useEffectEvent(onMessage);
  const joined = typeof topics === 'string' ? topics : (topics ?? []).join(',');
  useEffect(() => {
    if (!client || !joined) return;
    const leave = joined.split(',').map((topic) => client.subscribe(topic, (message) => handle(message)));
    return () => leave.forEach((unsubscribe) => unsubscribe());
  }, [client, joined]);
}

/** Calls `listener` each time the connection becomes live (first time and after every loss). */
function useRealtimeReconnect(listener: () => void) {
  const client = useContext(RealtimeContext);
  const handle = useEffectEvent(listener);
  useEffect(() => client?.onReconnect(() => handle()), [client]);
}

/**
 * Keeps the queries under `queryKey` current: refetched on each message on `topic` (one topic or several;
 * optionally only the given events) and whenever the connection comes back, since messages are not replayed.
 * E.g. useLiveQueries(cityTopic(cityId), ['/api/deals']) in the member's deal list.
 */
export function useLiveQueries(topic: string | readonly string[] | null | undefined, queryKey: QueryKey, events?: readonly string[]) {
  const queryClient = useQueryClient();
  const refetch = () => void queryClient.invalidateQueries({ queryKey });
  useRealtimeTopics(topic, (message) => {
    if (!events || events.includes(message.event)) refetch();
  });
  useRealtimeReconnect(() => {
    if (topic && topic.length > 0) refetch();
  });
}
