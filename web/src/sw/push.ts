import { allLanguages, type Language, pickLanguage, sourceLanguage } from '@candy/contract/languages';

/**
 * Web Push notifications: the owner's (issue 12, 推送 → Web Push, subscribed from the back office)
 * and a visitor's replies (issue 25.3, subscribed by the bell on their comment). Both send
 * {title, body, url}, written by the server. Moved here from `public/push-sw.js`: one worker per
 * scope (issue 46.3).
 */
interface PushMessage {
  title: string;
  body: string;
  url: string;
}

/**
 * The worker's own words (issue 44): only the title of a push that came without one. A push
 * arrives while no page may be open, so there is no page catalogue to ask, and the visitor's
 * chosen language lives in the page's local storage, which a worker cannot read. The worker goes
 * by its browser's languages (`navigator.languages`, as a page does before any choice), and the
 * `push.*` texts of every language are written in by the build (web/serviceWorkerPlugin.ts), a few
 * bytes where the catalogues would be tens of kilobytes.
 */
declare const __SW_PUSH_TEXTS__: Readonly<Record<string, Readonly<Record<string, string>>>>;

const pushText = (worker: ServiceWorkerGlobalScope, key: string): string => {
  const language: Language = pickLanguage({
    accepted: worker.navigator.languages.join(','),
    offered: allLanguages,
    fallback: sourceLanguage,
  });
  return __SW_PUSH_TEXTS__[language]?.[key] ?? __SW_PUSH_TEXTS__[sourceLanguage]?.[key] ?? '';
};

const homeUrl = '/great-old-one/index';

export const listenForPush = (worker: ServiceWorkerGlobalScope): void => {
  worker.addEventListener('push', (event) => {
    let message: PushMessage = { title: '', body: '', url: homeUrl };
    try {
      message = { ...message, ...(event.data?.json() as Partial<PushMessage>) };
    } catch {
      // A push without a JSON payload still shows something.
    }
    event.waitUntil(
      worker.registration.showNotification(message.title || pushText(worker, 'push.title'), {
        body: message.body,
        icon: '/icon-192.png',
        data: { url: message.url },
      }),
    );
  });

  worker.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const url = (event.notification.data as { url?: string } | null)?.url || homeUrl;
    event.waitUntil(worker.clients.openWindow(url));
  });
};
