import type { RouteDef } from '../routeDef.ts';

/** Signed webhooks (issue 26, point 5): the owner's endpoints and their delivery log. */
export const webhooksRoutes = {
  webhookList: { method: 'GET', path: '/webhook/endpoint', access: 'owner' },
  webhookCreate: { method: 'POST', path: '/webhook/endpoint', access: 'owner' },
  webhookUpdate: { method: 'PUT', path: '/webhook/endpoint/:id', access: 'owner' },
  webhookDelete: { method: 'DELETE', path: '/webhook/endpoint/:id', access: 'owner' },
  /** Queues a `webhook.test` event to this endpoint only. */
  webhookTest: { method: 'POST', path: '/webhook/endpoint/:id/test', access: 'owner' },
  /** An endpoint's deliveries, newest first, each with its attempts. */
  webhookDeliveries: { method: 'GET', path: '/webhook/endpoint/:id/delivery', access: 'owner' },
  /** Queues the delivery's message again (same `webhook-id`), as a new delivery. */
  webhookResend: { method: 'POST', path: '/webhook/delivery/:id/resend', access: 'owner' },
} as const satisfies Record<string, RouteDef>;
