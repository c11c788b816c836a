import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { federationRoutes as routes } from '../routes/federation.ts';

export const FederationSettings = z.object({
  /** `@handle@domain`: letters, digits and underscores, as Mastodon allows. */
  handle: z
    .string()
    .trim()
    .min(1, '必填')
    .max(30, '最多 30 个字符')
    .regex(/^[A-Za-z0-9_]+$/, '只能用字母、数字和下划线'),
  displayName: z.string().trim().max(100, '最多 100 个字'),
  /** The site's public address: ids of the actor and its posts are made under it. */
  origin: z
    .string()
    .trim()
    .max(200)
    .regex(/^(https?:\/\/[^\s/?#]+)?$/i, '须是 https://域名（不带路径），或留空'),
  manualApproval: z.boolean(),
  federateMoments: z.boolean(),
});
export type FederationSettings = z.infer<typeof FederationSettings>;

export const FederationFollower = z.object({
  actorUrl: z.string(),
  handle: z.string(),
  name: z.string(),
  status: z.enum(['accepted', 'pending']),
  createdAt: z.number(),
});
export type FederationFollower = z.infer<typeof FederationFollower>;

export const FederationDelivery = z.object({
  id: z.number(),
  activityId: z.string(),
  activityType: z.string(),
  inbox: z.string(),
  /** The remote's answer. */
  error: z.string(),
  createdAt: z.number(),
});

export const FederationOverview = z.object({
  /** `@handle@domain` as others find the owner; empty until the site's address is known. */
  account: z.string(),
  followers: z.array(FederationFollower),
  requests: z.array(FederationFollower),
  blocks: z.array(z.object({ target: z.string(), createdAt: z.number() })),
  failed: z.array(FederationDelivery),
  /** Activities waiting in the queue (deliveries and their retries, inbox work). */
  queued: z.number(),
});
export type FederationOverview = z.infer<typeof FederationOverview>;

export const FederationFollowerAction = z.object({
  actorUrl: z.string().url('须是地址').max(2000),
  action: z.enum(['accept', 'reject', 'remove']),
});

/** An actor's address (`https://host/users/name`) or a domain (`example.com`, subdomains too). */
export const FederationBlockBody = z.object({
  target: z
    .string()
    .trim()
    .toLowerCase()
    .max(2000)
    .regex(/^(https?:\/\/\S+|[a-z0-9-]+(\.[a-z0-9-]+)+)$/, '须是账号地址或域名'),
});

export const federationCalls = {
  federationSettings: defineCall(routes.federationSettings, { response: FederationSettings }),
  federationSettingsUpdate: defineCall(routes.federationSettingsUpdate, {
    body: FederationSettings,
    response: FederationSettings,
  }),
  federationOverview: defineCall(routes.federationOverview, { response: FederationOverview }),
  federationFollower: defineCall(routes.federationFollower, {
    body: FederationFollowerAction,
    response: z.object({ ok: z.boolean() }),
  }),
  federationBlock: defineCall(routes.federationBlock, {
    body: FederationBlockBody,
    response: z.object({ comments: z.number(), reactions: z.number() }),
  }),
  federationUnblock: defineCall(routes.federationUnblock, {
    body: FederationBlockBody,
    response: z.object({ ok: z.boolean() }),
  }),
} satisfies Record<keyof typeof routes, CallDef>;
