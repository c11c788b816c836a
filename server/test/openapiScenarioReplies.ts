import { createECDH, randomBytes } from 'node:crypto';
import type { Probe } from './openapiProbe.ts';

/**
 * Replies reaching the visitor (issue 25.3): a browser subscribes for its device and leaves again,
 * and a reply mail's unsubscribe link is followed (`signed` is a real link's query) and forged.
 */
export const replyNotices = async (api: Probe, signed: string) => {
  await api.ok('replyPushKey');
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const subscription = {
    endpoint: 'https://fcm.googleapis.com/fcm/send/openapi-probe',
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
  await api.ok('replyPushSubscribe', { json: subscription });
  await api.fails('replyPushSubscribe', { json: { ...subscription, endpoint: 'http://example.com/x' } }, 400);
  await api.ok('replyPushStatus', { query: { endpoint: subscription.endpoint } });
  await api.fails('replyPushStatus', { query: {} }, 400);
  await api.ok('replyPushUnsubscribe', { json: { endpoint: subscription.endpoint } });
  await api.fails('replyPushUnsubscribe', { json: {} }, 400);

  const query = Object.fromEntries(new URLSearchParams(signed));
  const forged = { ...query, sig: 'forged-signature' };
  await api.call('replyMailUnsubscribePage', { query }, 200);
  await api.fails('replyMailUnsubscribePage', { query: forged }, 403);
  await api.ok('replyMailUnsubscribe', { query });
  await api.fails('replyMailUnsubscribe', { query: forged }, 403);
};
