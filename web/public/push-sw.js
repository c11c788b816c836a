// Web Push notifications: the owner's (issue 12, 推送 → Web Push, registered from the back office) and a
// visitor's replies (issue 25.3, registered by the bell on their comment). Both send {title, body, url};
// it does nothing else (no caching, no fetch handler).
self.addEventListener('push', (event) => {
  let message = { title: '糖果罐', body: '', url: '/great-old-one/index' };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // A push without a JSON payload still shows something.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      icon: '/icon-192.png',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = event.notification.data?.url || '/great-old-one/index';
  event.waitUntil(self.clients.openWindow(url));
});
