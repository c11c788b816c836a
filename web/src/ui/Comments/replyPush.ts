import { call } from '../../core/request.ts';
import { registerSiteWorker, siteWorkerRegistration } from '../../core/siteWorker.ts';
import { subscriptionBody, vapidKeyBytes } from '../../core/webPush.ts';

export { siteWorkerRegistration };

/**
 * Subscribing this browser to replies (issue 25.3). Loaded only when the bell is pressed: it is the
 * part of Web Push a reader who never presses it should not download.
 */

/** Asks for permission, subscribes (or reuses this browser's subscription) and ties it to this device. */
export const subscribeToReplies = async (): Promise<'on' | 'denied'> => {
  if ((await Notification.requestPermission()) !== 'granted') return 'denied';
  await registerSiteWorker();
  const registration = await navigator.serviceWorker.ready;
  // The owner's own subscription in this browser uses the same VAPID key: one serves both.
  let subscription = await registration.pushManager.getSubscription();
  if (!subscription) {
    const { vapidPublicKey } = await call('replyPushKey', { silent: true });
    subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: vapidKeyBytes(vapidPublicKey),
    });
  }
  await call('replyPushSubscribe', { body: subscriptionBody(subscription) });
  return 'on';
};

/**
 * Stops replies to this browser. The browser's own subscription stays: the owner's notifications may
 * ride on it, and without a row on the server nothing is sent to it for this device.
 */
export const unsubscribeFromReplies = async (endpoint: string): Promise<void> => {
  await call('replyPushUnsubscribe', { body: { endpoint } });
};
