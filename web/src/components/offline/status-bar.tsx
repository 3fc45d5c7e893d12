import { useId, useState, useSyncExternalStore } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from '@/components/ui/button';
import { lastServerUpdateAt, offlineLabel } from '@/lib/network/last-updated';
import { useOnlineStatus } from '@/lib/network/connectivity';
import { useOutboxEntries } from '@/lib/outbox/use-outbox';
import { useIsBusy } from '@/lib/pwa/busy';
import { dismissUpdate, reloadToUpdate, useUpdateReady } from '@/lib/pwa/update-state';
import { OutboxList } from './outbox-list';

function useLastUpdatedAt(): number | null {
  const queryClient = useQueryClient();
  const cache = queryClient.getQueryCache();
  return useSyncExternalStore(
    (onChange) => cache.subscribe(onChange),
    () => lastServerUpdateAt(queryClient),
    () => null,
  );
}

/** The time to the minute, for "today or an earlier day" in the offline line. */
function useMinuteClock(): number {
  return useSyncExternalStore(
    (onChange) => {
      const timer = setInterval(onChange, 30_000);
      return () => clearInterval(timer);
    },
    () => Math.floor(Date.now() / 60_000) * 60_000,
    () => 0,
  );
}

/** "Offline — last updated …": its own component so the minute clock ticks only while offline (online, the app stays idle). */
function OfflineIndicator({ lastUpdatedAt }: { lastUpdatedAt: number | null }) {
  const now = useMinuteClock();
  return (
    <p role="status" className="font-medium" data-testid="offline-indicator">
      {offlineLabel(lastUpdatedAt, now)}
    </p>
  );
}

function pendingSummary(waiting: number, failed: number) {
  const parts: string[] = [];
  if (waiting) parts.push(`${waiting} ${waiting === 1 ? 'change' : 'changes'} waiting to send`);
  if (failed) parts.push(`${failed} failed`);
  return parts.join(', ');
}

/**
 * The app-wide strip above every screen: "Offline — last updated …" while there is no network, the actions
 * waiting in the outbox (and any refused on replay), and the "Update available" prompt. Renders nothing when
 * there is nothing to say, so online pages look exactly as designed.
 */
export function StatusBar() {
  const online = useOnlineStatus();
  const lastUpdatedAt = useLastUpdatedAt();
  const entries = useOutboxEntries();
  const updateReady = useUpdateReady();
  const busy = useIsBusy();
  const [open, setOpen] = useState(false);
  const panelId = useId();

  const failed = entries.filter((entry) => entry.status === 'failed').length;
  const waiting = entries.length - failed;
  const showUpdate = updateReady && !busy;
  if (online && entries.length === 0 && !showUpdate) return null;

  return (
    <div className="border-b border-amber-300 bg-amber-50 text-stone-900" data-testid="status-bar">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2 text-sm sm:px-6">
        {!online && <OfflineIndicator lastUpdatedAt={lastUpdatedAt} />}
        {entries.length > 0 && (
          <Button
            variant="ghost"
            size="sm"
            className="h-8 underline underline-offset-2"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((value) => !value)}
          >
            {pendingSummary(waiting, failed)}
          </Button>
        )}
        {showUpdate && (
          <section aria-label="Update available" className="ml-auto flex items-center gap-2">
            <p>
              <span className="font-semibold">Update available.</span> A new version of Pay Local is ready.
            </p>
            <Button size="sm" className="h-8" onClick={() => void reloadToUpdate()}>
              Reload
            </Button>
            <Button size="sm" variant="ghost" className="h-8" onClick={dismissUpdate}>
              Later
            </Button>
          </section>
        )}
      </div>
      {open && entries.length > 0 && (
        <div id={panelId} className="mx-auto max-w-6xl px-4 pb-3 sm:px-6">
          <OutboxList entries={entries} online={online} />
        </div>
      )}
    </div>
  );
}
