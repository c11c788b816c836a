import { call } from '../../core/request.ts';

/**
 * Subscribing this browser to replies (issue 25.3). Loaded only when the bell is pressed: it is the
 * part of Web Push a reader who never presses it should not download.
 */

/** The service worker that shows notifications; the owner's Web Push registers the same one. */
export const PUSH_WORKER = '/push-sw.js';

/** The VAPID key as PushManager wants it: raw bytes from base64url. */
const keyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

/** Asks for permission, subscribes (or reuses this browser's subscription) and ties it to this device. */
export const subscribeToReplies = async (): Promise<'on' | 'denied'> => {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.register(PUSH_WORKER);
  await navigator.serviceWorker.ready;
  // The owner's own subscription in this browser uses the same VAPID key: one serves both.
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    const { vapidPublicKey } = await call('replyPushKey', { silent: true });
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(vapidPublicKey),
    });
  }
  const json = subscription.toJSON();
  await call('replyPushSubscribe', {
    body: {
      endpoint: subscription.endpoint,
      keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
    },
  });
  return 'on';
};

/**
 * Stops replies to this browser. The browser's own subscription stays: the owner's notifications may
 * ride on it, and without a row on the server nothing is sent to it for this device.
 */
export const unsubscribeFromReplies = async (endpoint: string): Promise<void> => {
  await call('replyPushUnsubscribe', { body: { endpoint } });
};
