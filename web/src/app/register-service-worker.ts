import { connectivity } from '@/lib/network/connectivity';
import { setUpdateReady } from '@/lib/pwa/update-state';

const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000;
const SKIP_WAITING = { type: 'SKIP_WAITING' }; // the generated worker activates itself on this message

/** Offers the waiting worker through the "Update available" prompt; Reload activates it and reloads once it controls. */
function offerUpdate(worker: ServiceWorker) {
  setUpdateReady(async () => {
    navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), { once: true });
    worker.postMessage(SKIP_WAITING);
  });
}

/**
 * Registers the service worker after the page has loaded (it never competes with the first paint).
 * registerType 'prompt': a new version installs in the background and then waits until the person presses
 * Reload in the "Update available" prompt (StatusBar), which stays hidden while a redemption is going on:
 * nobody loses a half-done action to a surprise reload. An open app checks for a new version every hour.
 *
 * Written on the plain API rather than workbox-window: that library only reloads after an update when the
 * page was already controlled at start, and stops following updates after the first one found by `update()`,
 * so the very first visit of an installed app kept open for hours would never see a second release.
 */
export function registerServiceWorker() {
  if (!('serviceWorker' in navigator)) return;
  const register = async () => {
    const registration = await navigator.serviceWorker.register(`${import.meta.env.BASE_URL}sw.js`, { scope: import.meta.env.BASE_URL });
    // Installed during an earlier visit and still waiting for its Reload.
    if (registration.waiting && navigator.serviceWorker.controller) offerUpdate(registration.waiting);
    registration.addEventListener('updatefound', () => {
      const worker = registration.installing;
      worker?.addEventListener('statechange', () => {
        // Installed while another version runs this page: an update. (The very first install just takes over.)
        if (worker.state === 'installed' && navigator.serviceWorker.controller) offerUpdate(worker);
      });
    });
    setInterval(() => {
      if (connectivity.isOnline() && !registration.installing) void registration.update().catch(() => undefined);
    }, UPDATE_CHECK_INTERVAL_MS);
  };
  const start = () => void register().catch(() => undefined);
  if (document.readyState === 'complete') start();
  else window.addEventListener('load', start, { once: true });
}
