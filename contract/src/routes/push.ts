import type { RouteDef } from '../routeDef.ts';

/** Message push to the owner (issue 12, `/great-old-one/mpush`). */
export const pushRoutes = {
  messageSend: { method: 'POST', path: '/message/:channel.:action', access: 'owner' },
  /** Ours: every channel with its settings (secrets masked) and the Web Push key. */
  pushChannels: { method: 'GET', path: '/message/channel', access: 'owner' },
  /** Ours: saves one channel's settings; an empty secret keeps the stored one. */
  pushChannelUpdate: { method: 'PUT', path: '/message/channel/:channel', access: 'owner' },
  /** Ours: the last 100 messages with their result per channel. */
  pushHistory: { method: 'GET', path: '/message/history', access: 'owner' },
  /** Ours: the browsers that receive Web Push notifications, newest first. */
  pushSubscriptions: { method: 'GET', path: '/message/webpush/subscription', access: 'owner' },
  /** Ours: this browser receives Web Push notifications. */
  pushSubscribe: { method: 'POST', path: '/message/webpush/subscription', access: 'owner' },
  /** Ours: this browser no longer does. */
  pushUnsubscribe: { method: 'DELETE', path: '/message/webpush/subscription', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
