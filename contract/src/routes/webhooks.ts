import type { RouteDef } from '../routeDef.ts';

/**
 * Signed webhooks (issue 26, point 5): the owner's endpoints and their delivery log. Their secrets
 * make them security settings: never reachable with an API token, and changed only after a fresh login.
 */
export const webhooksRoutes = {
  webhookList: { method: 'GET', path: '/webhook/endpoint', access: 'owner', guard: 'session' },
  webhookCreate: { method: 'POST', path: '/webhook/endpoint', access: 'owner', guard: 'fresh' },
  webhookUpdate: { method: 'PUT', path: '/webhook/endpoint/:id', access: 'owner', guard: 'fresh' },
  /** The endpoint's signing secret: the list never carries it (a security setting, DESIGN §11). */
  webhookSecret: { method: 'GET', path: '/webhook/endpoint/:id/secret', access: 'owner', guard: 'fresh' },
  webhookDelete: { method: 'DELETE', path: '/webhook/endpoint/:id', access: 'owner', guard: 'fresh' },
  /** Queues a `webhook.test` event to this endpoint only. */
  webhookTest: { method: 'POST', path: '/webhook/endpoint/:id/test', access: 'owner', guard: 'session' },
  /** An endpoint's deliveries, newest first, each with its attempts. */
  webhookDeliveries: {
    method: 'GET',
    path: '/webhook/endpoint/:id/delivery',
    access: 'owner',
    guard: 'session',
  },
  /** Queues the delivery's message again (same `webhook-id`), as a new delivery. */
  webhookResend: { method: 'POST', path: '/webhook/delivery/:id/resend', access: 'owner', guard: 'session' },
} as const satisfies Record<string, RouteDef>;
