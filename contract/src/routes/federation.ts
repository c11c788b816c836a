import type { RouteDef } from '../routeDef.ts';

/** The owner's fediverse actor (issue 29): settings, followers and their requests, blocks, deliveries. */
export const federationRoutes = {
  federationSettings: { method: 'GET', path: '/federation/settings', access: 'owner' },
  federationSettingsUpdate: { method: 'PUT', path: '/federation/settings', access: 'owner' },
  /** Followers, follow requests waiting, blocks, failed deliveries and the queue's length. */
  federationOverview: { method: 'GET', path: '/federation/overview', access: 'owner' },
  /** Accepts or rejects a follow request, or removes a follower. */
  federationFollower: { method: 'POST', path: '/federation/follower', access: 'owner' },
  federationBlock: { method: 'POST', path: '/federation/block', access: 'owner' },
  federationUnblock: { method: 'POST', path: '/federation/unblock', access: 'owner' },
  /** The delivery queue: deliveries waiting (with the last failed try's answer) and those given up. */
  federationDeliveries: { method: 'GET', path: '/federation/delivery', access: 'owner' },
  /** Queues a failed delivery again from its first try. */
  federationDeliveryRetry: { method: 'POST', path: '/federation/delivery/:id/retry', access: 'owner' },
  /** Forgets a failed delivery. */
  federationDeliveryRemove: { method: 'DELETE', path: '/federation/delivery/:id', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
