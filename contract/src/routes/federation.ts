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
} as const satisfies Record<string, RouteDef>;
