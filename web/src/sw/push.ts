/**
 * Web Push notifications: the owner's (issue 12, 推送 → Web Push, subscribed from the back office)
 * and a visitor's replies (issue 25.3, subscribed by the bell on their comment). Both send
 * {title, body, url}. Moved here from `public/push-sw.js`: one worker per scope (issue 46.3).
 */
interface PushMessage {
  title: string;
  body: string;
  url: string;
}

const fallback: PushMessage = { title: '糖果罐', body: '', url: '/great-old-one/index' };

export const listenForPush = (worker: ServiceWorkerGlobalScope): void => {
  worker.addEventListener('push', (event) => {
    let message = fallback;
    try {
      message = { ...fallback, ...(event.data?.json() as Partial<PushMessage>) };
    } catch {
      // A push without a JSON payload still shows something.
    }
    event.waitUntil(
      worker.registration.showNotification(message.title, {
        body: message.body,
        icon: '/icon-192.png',
        data: { url: message.url },
      }),
    );
  });

  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = (event.notification.data as { url?: string } | null)?.url || fallback.url;
    event.waitUntil(worker.clients.openWindow(url));
  });
};
