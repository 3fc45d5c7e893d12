import { useEffect, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authKeys, useUser } from '../auth/get-me';
import { afterFirstScreen } from '../first-screen';
import { connectivity } from '../network/connectivity';
import { outbox } from './outbox';
import type { OutboxEntry } from './outbox-entry';

/** The signed-in user's waiting and failed actions, optionally only those of one kind (e.g. `follows.toggle`). */
export function useOutboxEntries(kind?: string): readonly OutboxEntry[] {
  const entries = useSyncExternalStore(outbox.subscribe, outbox.getEntries, outbox.getEntries);
  return kind ? entries.filter((entry) => entry.kind === kind) : entries;
}

const BUSY_RETRY_MS = 5_000;

/**
 * Keeps the outbox in step with the app (mounted once, in the app shell): it follows the signed-in user,
 * replays when the network returns (and at start when online), refetches what each replayed action changed,
 * tries again shortly when an entry was still being applied elsewhere, and after Retry-After when throttled.
 */
export function useOutboxSync() {
  const { user } = useUser();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;

  useEffect(
    () =>
      outbox.onApplied((entry) => {
        for (const queryKey of entry.invalidate ?? []) void queryClient.invalidateQueries({ queryKey: [...queryKey] });
      }),
    [queryClient],
  );

  useEffect(() => {
    let cancelled = false;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    const replay = async () => {
      if (!connectivity.isOnline() || cancelled) return;
      const summary = await outbox.replay();
      if (!connectivity.isOnline() || cancelled) return;
      clearTimeout(retryTimer);
      // The session ended (401): the entries stay for the next sign-in; the app learns it is signed out.
      if (summary.signedOut) void queryClient.invalidateQueries({ queryKey: authKeys.me });
      else if (summary.interrupted) retryTimer = setTimeout(() => void replay(), BUSY_RETRY_MS);
      // An entry the server throttled (429) goes again when its Retry-After has passed.
      else if (summary.retryAt !== null) retryTimer = setTimeout(() => void replay(), Math.max(1000, summary.retryAt - Date.now()));
    };
    const onOnline = () => {
      clearTimeout(retryTimer);
      void replay();
    };
    // The stored entries are read, and replayed, once the first screen is interactive (decision 135).
    void outbox.setUser(userId, afterFirstScreen).then(replay);
    connectivity.addEventListener('online', onOnline);
    return () => {
      cancelled = true;
      clearTimeout(retryTimer);
      connectivity.removeEventListener('online', onOnline);
    };
  }, [userId, queryClient]);
}
