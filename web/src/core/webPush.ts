/**
 * What the owner's Web Push (back office) and a visitor's reply bell share: the VAPID key as
 * PushManager wants it, and a subscription as our calls take it. The site's service worker
 * (core/siteWorker.ts) shows the notifications.
 */

/** The VAPID public key as PushManager wants it: raw bytes from base64url. */
export const vapidKeyBytes = (base64url: string): Uint8Array<ArrayBuffer> => {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

/** A browser's subscription as the subscribe calls take it (its endpoint and its two keys). */
export const subscriptionBody = (subscription: PushSubscription) => {
  const json = subscription.toJSON();
  return {
    endpoint: subscription.endpoint,
    keys: { p256dh: json.keys?.p256dh ?? '', auth: json.keys?.auth ?? '' },
  };
};
