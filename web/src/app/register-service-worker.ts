import { registerSW } from 'virtual:pwa-register';
import { setUpdateReady } from '@/lib/pwa/update-state';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Registers the service worker (after the page has loaded, so it never competes with the first paint).
 * With registerType 'prompt' a new version waits until the person presses Reload in the "Update available"
 * prompt (StatusBar), which is hidden while a redemption is going on: nobody loses a half-done action to a
 * surprise reload. An installed app that stays open checks for a new version every hour.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const updateServiceWorker = registerSW({
    onNeedRefresh() {
      setUpdateReady(() => updateServiceWorker(true));
    },
    onRegisteredSW(_url, registration) {
      if (!registration) return;
      setInterval(() => {
        if (navigator.onLine && registration.installing === null) void registration.update().catch(() => undefined);
      }, UPDATE_CHECK_INTERVAL_MS);
    },
  });
}
