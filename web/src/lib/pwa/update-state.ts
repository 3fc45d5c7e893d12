import { useSyncExternalStore } from 'react';

/**
 * A new service worker is installed and waiting. With registerType 'prompt' it takes over only when the
 * person presses Reload in the "Update available" prompt (never by itself, never while the app is busy).
 */
let updateReady = false;
let applyUpdate: (() => Promise<void>) | null = null;
const listeners = new Set<() => void>();

export function setUpdateReady(apply: () => Promise<void>) {
  updateReady = true;
  applyUpdate = apply;
  listeners.forEach((listener) => listener());
}

export function dismissUpdate() {
  updateReady = false;
  listeners.forEach((listener) => listener());
}

/** Activates the waiting worker and reloads (done by vite-plugin-pwa's updateServiceWorker(true)). */
export async function reloadToUpdate() {
  await applyUpdate?.();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useUpdateReady(): boolean {
  return useSyncExternalStore(subscribe, () => updateReady, () => false);
}
