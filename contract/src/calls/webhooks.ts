import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { cursorPage } from '../envelope.ts';
import { webhooksRoutes as routes } from '../routes/webhooks.ts';
import { IdParams } from './essays.ts';

/**
 * What a webhook can be sent for. The back office names each in the reader's language
 * (`admin.webhooks.event.<type>`).
 */
export const WEBHOOK_EVENTS = [
  'essay.published',
  'essay.updated',
  'essay.deleted',
  'moment.posted',
  'moment.updated',
  'moment.deleted',
  'comment.posted',
  'comment.held',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
export const WebhookEventType = z.enum(WEBHOOK_EVENTS);
/** Sent by the "send a test event" call only; an endpoint never subscribes to it. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WebhookEndpointInput = z.lazy(() =>
  z.object({
    name: z.string().trim().min(1, 'schema.required').max(60),
    url: z
      .string()
      .trim()
      .max(2000)
      .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, 'schema.httpUrl'),
    events: z
      .array(WebhookEventType)
      .min(1, 'schema.webhooks.events.none')
      .max(WEBHOOK_EVENTS.length)
      .refine((events) => new Set(events).size === events.length, 'schema.webhooks.events.repeated'),
    enabled: z.boolean().default(true),
  }),
);
export type WebhookEndpointInput = z.input<typeof WebhookEndpointInput>;

export const WebhookDeliveryStatus = z.enum(['pending', 'succeeded', 'failed']);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatus>;

export const WebhookEndpoint = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    url: z.string(),
    events: z.array(WebhookEventType),
    enabled: z.boolean(),
    /**
     * `whsec_` + base64 of 24 random bytes; the receiver verifies signatures with it. Only the create
     * answer carries it; elsewhere it is null, and `webhookSecret` (fresh login) reveals it.
     */
    secret: z.string().nullable(),
    createdAt: z.number(),
    updatedAt: z.number(),
    lastDelivery: z
      .object({ status: WebhookDeliveryStatus, statusCode: z.number().int().nullable(), at: z.number() })
      .nullable(),
  }),
);
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookAttempt = z.lazy(() =>
  z.object({
    attempt: z.number().int(),
    at: z.number(),
    /** Null when no answer came (refused address, timeout, network). */
    statusCode: z.number().int().nullable(),
    durationMs: z.number().int(),
    error: z.string().nullable(),
    ok: z.boolean(),
  }),
);
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDelivery = z.lazy(() =>
  z.object({
    id: z.number().int(),
    endpointId: z.number().int(),
    /** The `webhook-id` header: the same for retries and resends of one message. */
    messageId: z.string(),
    eventType: z.string(),
    status: WebhookDeliveryStatus,
    attempts: z.number().int(),
    nextAttemptAt: z.number().nullable(),
    resendOf: z.number().int().nullable(),
    createdAt: z.number(),
    log: z.array(WebhookAttempt),
  }),
);
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
/** `start`: the last delivery id the client has (exclusive). */
const StartQuery = z.lazy(() =>
  z.object({ start: z.coerce.number().int().positive().max(2_147_483_647).optional() }),
);

export const WebhookDeliveryPage = cursorPage(WebhookDelivery);
export type WebhookDeliveryPage = z.infer<typeof WebhookDeliveryPage>;

export const webhooksCalls = {
  webhookList: defineCall(routes.webhookList, () => ({ response: z.array(WebhookEndpoint) })),
  webhookCreate: defineCall(routes.webhookCreate, () => ({
    body: WebhookEndpointInput,
    response: WebhookEndpoint,
  })),
  webhookUpdate: defineCall(routes.webhookUpdate, () => ({
    params: IdParams,
    body: WebhookEndpointInput,
    response: WebhookEndpoint,
  })),
  webhookDelete: defineCall(routes.webhookDelete, () => ({
    params: IdParams,
    response: z.object({ id: z.number().int() }),
  })),
  webhookTest: defineCall(routes.webhookTest, () => ({ params: IdParams, response: WebhookDelivery })),
  webhookSecret: defineCall(routes.webhookSecret, () => ({
    params: IdParams,
    response: z.object({ secret: z.string() }),
  })),
  webhookDeliveries: defineCall(routes.webhookDeliveries, () => ({
    params: IdParams,
    query: StartQuery,
    response: WebhookDeliveryPage,
  })),
  webhookResend: defineCall(routes.webhookResend, () => ({ params: IdParams, response: WebhookDelivery })),
} satisfies Record<keyof typeof routes, CallDef>;
