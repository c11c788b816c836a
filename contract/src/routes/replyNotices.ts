import type { RouteDef } from '../routeDef.ts';

/**
 * Replies reach the visitor (issue 25, point 3): a visitor's browser subscribes to Web Push for
 * replies to its comments (tied to its `X-Uuid`), and a reply mail's one-click unsubscribe link.
 */
export const replyNoticesRoutes = {
  /** The server's VAPID public key (the same pair as the owner's Web Push). */
  replyPushKey: { method: 'GET', path: '/blog/comment/push/key', access: 'public' },
  /** Whether this device (X-Uuid) gets replies pushed to this browser's endpoint. */
  replyPushStatus: { method: 'GET', path: '/blog/comment/push/subscription', access: 'public' },
  replyPushSubscribe: { method: 'POST', path: '/blog/comment/push/subscription', access: 'public' },
  replyPushUnsubscribe: { method: 'DELETE', path: '/blog/comment/push/subscription', access: 'public' },
  /** The mail's link: a small HTML page asking to confirm (a link checker's GET changes nothing). */
  replyMailUnsubscribePage: { method: 'GET', path: '/blog/comment/unsubscribe', access: 'public' },
  /** The page's button and RFC 8058 one-click (`List-Unsubscribe=One-Click`): stops the mails. */
  replyMailUnsubscribe: { method: 'POST', path: '/blog/comment/unsubscribe', access: 'public' },
} as const satisfies Record<string, RouteDef>;
