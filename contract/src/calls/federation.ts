import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { federationRoutes as routes } from '../routes/federation.ts';
import { IdParams } from './essays.ts';

export const FederationSettings = z.lazy(() =>
  z.object({
    /** `@handle@domain`: letters, digits and underscores, as Mastodon allows. */
    handle: z
      .string()
      .trim()
      .min(1, 'schema.required')
      .max(30, 'schema.tooLong.chars')
      .regex(/^[A-Za-z0-9_]+$/, 'schema.federation.username'),
    // The request client leaves empty values out (spec §7): an empty name or address arrives missing.
    displayName: z.string().trim().max(100, 'schema.tooLong.words').default(''),
    /** The site's public address: ids of the actor and its posts are made under it. */
    origin: z
      .string()
      .trim()
      .max(200)
      .regex(/^(https?:\/\/[^\s/?#]+)?$/i, 'schema.federation.origin')
      .default(''),
    manualApproval: z.boolean(),
    federateMoments: z.boolean(),
  }),
);
export type FederationSettings = z.infer<typeof FederationSettings>;

export const FederationFollower = z.lazy(() =>
  z.object({
    actorUrl: z.string(),
    handle: z.string(),
    name: z.string(),
    status: z.enum(['accepted', 'pending']),
    createdAt: z.number(),
  }),
);
export type FederationFollower = z.infer<typeof FederationFollower>;

/** A delivery waiting in the queue: a first try, a retry after a failed one, or a fan-out to many inboxes. */
export const FederationPendingDelivery = z.lazy(() =>
  z.object({
    /** The queue row. */
    id: z.number().int(),
    activityId: z.string(),
    /** `Create`, `Update`, `Delete`, `Accept` … */
    activityType: z.string(),
    /** Empty for a fan-out (one message that becomes a delivery per inbox). */
    inbox: z.string(),
    recipients: z.number().int(),
    /** Tries made so far (0: not tried yet). */
    attempt: z.number().int(),
    /** Not before (ms epoch). */
    runAt: z.number(),
    /** A replica is sending it now. */
    sending: z.boolean(),
    /** The remote's answer to the last try, when it failed. */
    lastStatusCode: z.number().int().nullable(),
    lastAnswer: z.string().nullable(),
  }),
);
export type FederationPendingDelivery = z.infer<typeof FederationPendingDelivery>;

/** A delivery given up after its retries (or never sent: an address the server may not reach). */
export const FederationFailedDelivery = z.lazy(() =>
  z.object({
    id: z.number().int(),
    activityId: z.string(),
    activityType: z.string(),
    inbox: z.string(),
    attempts: z.number().int(),
    /** The remote's HTTP status; null when no answer came (refused address, network, timeout). */
    statusCode: z.number().int().nullable(),
    /** The start of the remote's answer, or why there was none (`没有回应：…`, `未投递：…`). */
    answer: z.string(),
    failedAt: z.number(),
  }),
);
export type FederationFailedDelivery = z.infer<typeof FederationFailedDelivery>;

export const FederationDeliveries = z.lazy(() =>
  z.object({
    /** Every queued message: deliveries, their retries and inbox work. */
    queued: z.number().int(),
    /** The oldest 100 waiting deliveries, the next due first. */
    pending: z.array(FederationPendingDelivery),
    /** Newest first. */
    failed: z.array(FederationFailedDelivery),
  }),
);
export type FederationDeliveries = z.infer<typeof FederationDeliveries>;

export const FederationOverview = z.lazy(() =>
  z.object({
    /** `@handle@domain` as others find the owner; empty until the site's address is known. */
    account: z.string(),
    followers: z.array(FederationFollower),
    requests: z.array(FederationFollower),
    blocks: z.array(z.object({ target: z.string(), createdAt: z.number() })),
    /** Activities waiting in the queue (deliveries and their retries, inbox work). */
    queued: z.number(),
    /** Deliveries given up (listed by `federationDeliveries`). */
    failed: z.number(),
  }),
);
export type FederationOverview = z.infer<typeof FederationOverview>;

export const FederationFollowerAction = z.lazy(() =>
  z.object({
    actorUrl: z.string().url('schema.federation.actorUrl').max(2000),
    action: z.enum(['accept', 'reject', 'remove']),
  }),
);

/** An actor's address (`https://host/users/name`) or a domain (`example.com`, subdomains too). */
export const FederationBlockBody = z.lazy(() =>
  z.object({
    target: z
      .string()
      .trim()
      .toLowerCase()
      .max(2000)
      .regex(/^(https?:\/\/\S+|[a-z0-9-]+(\.[a-z0-9-]+)+)$/, 'schema.federation.blockTarget'),
  }),
);

export const federationCalls = {
  federationSettings: defineCall(routes.federationSettings, () => ({ response: FederationSettings })),
  federationSettingsUpdate: defineCall(routes.federationSettingsUpdate, () => ({
    body: FederationSettings,
    response: FederationSettings,
  })),
  federationOverview: defineCall(routes.federationOverview, () => ({ response: FederationOverview })),
  federationFollower: defineCall(routes.federationFollower, () => ({
    body: FederationFollowerAction,
    response: z.object({ ok: z.boolean() }),
  })),
  federationBlock: defineCall(routes.federationBlock, () => ({
    body: FederationBlockBody,
    response: z.object({ comments: z.number(), reactions: z.number() }),
  })),
  federationUnblock: defineCall(routes.federationUnblock, () => ({
    body: FederationBlockBody,
    response: z.object({ ok: z.boolean() }),
  })),
  federationDeliveries: defineCall(routes.federationDeliveries, () => ({ response: FederationDeliveries })),
  federationDeliveryRetry: defineCall(routes.federationDeliveryRetry, () => ({
    params: IdParams,
    response: z.object({ ok: z.boolean() }),
  })),
  federationDeliveryRemove: defineCall(routes.federationDeliveryRemove, () => ({
    params: IdParams,
    response: z.object({ ok: z.boolean() }),
  })),
} satisfies Record<keyof typeof routes, CallDef>;
