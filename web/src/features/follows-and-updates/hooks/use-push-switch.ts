import { useCallback, useEffect, useState } from 'react';
import { errorStatus } from '@/lib/api-error';
import type { PushSubscriptionInput } from '@shared/contract/push.ts';
import { base64UrlToBytes } from '@shared/encoding.ts';
import { getPushKey, removePushSubscription, savePushSubscription } from '../api/push-subscription';

export type PushState =
  | 'checking'
  | 'unsupported'
  | 'denied'
  | 'off'
  /** The permission question closed without an answer: still off, and the switch says so. */
  | 'dismissed'
  | 'on'
  | 'busy';

const supported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** The app's service worker registration (registered after load by app/register-service-worker.ts). */
async function registration(): Promise<ServiceWorkerRegistration | null> {
  const existing = await navigator.serviceWorker.getRegistration();
  if (existing) return existing;
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000)),
  ]);
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) => {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
};

/**
 * The "Push notifications on this device" switch. Reads the current state without asking anything; asks for
 * the notification permission only when the member turns it on; unsubscribes (here and on the server) when
 * turned off.
 */
export function usePushSwitch() {
  const [state, setState] = useState<PushState>(supported() ? 'checking' : 'unsupported');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!supported()) return;
    let cancelled = false;
    void (async () => {
      const reg = await registration();
      const subscription = reg ? await reg.pushManager.getSubscription() : null;
      if (cancelled) return;
      if (!reg) setState('unsupported');
      else if (Notification.permission === 'denied') setState('denied');
      else setState(subscription && Notification.permission === 'granted' ? 'on' : 'off');
    })().catch(() => !cancelled && setState('off'));
    return () => { cancelled = true; };
  }, []);

  const turnOn = useCallback(async () => {
    setError(null);
    setState('busy');
    try {
      const permission = await Notification.requestPermission();
      if (permission !== 'granted') {
        setState(permission === 'denied' ? 'denied' : 'dismissed');
        return;
      }
      const reg = await registration();
      if (!reg) throw new Error('The app is not installed in this browser yet; reload the page and try again.');
      const { publicKey } = await getPushKey();
      const key = base64UrlToBytes(publicKey);
      let subscription = await reg.pushManager.getSubscription();
      // Made with another server key (keys changed): browsers refuse a second key, so start over.
      if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      try {
        await savePushSubscription(subscription.toJSON() as PushSubscriptionInput);
      } catch (refused) {
        // The endpoint is bound to the account that registered it (decision 176): another account used this
        // browser before. A fresh subscription gets a new endpoint of its own.
        if (errorStatus(refused) !== 409) throw refused;
        await subscription.unsubscribe();
        subscription = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
        await savePushSubscription(subscription.toJSON() as PushSubscriptionInput);
      }
      setState('on');
    } catch (e) {
      setError((e as Error).message || 'Could not turn on notifications');
      setState(Notification.permission === 'denied' ? 'denied' : 'off');
    }
  }, []);

  const turnOff = useCallback(async () => {
    setError(null);
    setState('busy');
    try {
      const reg = await registration();
      const subscription = reg ? await reg.pushManager.getSubscription() : null;
      if (subscription) {
        await removePushSubscription(subscription.endpoint);
        await subscription.unsubscribe();
      }
      setState('off');
    } catch (e) {
      setError((e as Error).message || 'Could not turn off notifications');
      setState('on');
    }
  }, []);

  return { state, error, turnOn, turnOff };
}
