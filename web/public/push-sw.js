// Web Push in the service worker (decision 110), loaded by the generated worker through workbox importScripts.
// push: shows what the server sent (title, body, url; RFC 8291-encrypted, the browser decrypts it).
// notificationclick: opens the message's page (/deals/<id> for a new deal, /notifications for an update),
// reusing an open window of the app when there is one.
/* global self */

/** Only paths of this app: never another origin, never a protocol-relative URL. */
function pushTarget(url) {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') ? url : '/notifications';
}

self.addEventListener('push', (event) => {
  let data;
  try {
    data = event.data ? event.data.json() : {};
  } catch {
    data = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof data.title === 'string' && data.title ? data.title : 'Pay Local';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: typeof data.tag === 'string' ? data.tag : undefined,
      data: { url: pushTarget(data.url), type: data.type, dealId: data.dealId },
    }),
  );
});

/** Focuses an open window of the app and shows the page there; otherwise opens a new window. */
self.openPushTarget = async (path) => {
  const target = new URL(pushTarget(path), self.location.origin).href;
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    // navigate() works for windows this worker controls; focus() needs the click's user activation.
    const shown = await open.navigate(target).catch(() => null);
    await open.focus().catch(() => undefined);
    if (shown) return shown;
  }
  return self.clients.openWindow(target);
};

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(self.openPushTarget(event.notification.data && event.notification.data.url));
});
