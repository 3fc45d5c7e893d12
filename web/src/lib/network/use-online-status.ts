import { useSyncExternalStore } from 'react';
import { connectivity } from './connectivity';

/** Whether the app can reach its server (see `connectivity`), updated as that changes. */
export function useOnlineStatus(): boolean {
  return useSyncExternalStore(connectivity.subscribe, connectivity.isOnline, () => true);
}
