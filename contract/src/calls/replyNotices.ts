import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { replyNoticesRoutes as routes } from '../routes/replyNotices.ts';

const base64url = (max: number) =>
  z
    .string()
    .min(1)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/, 'schema.replyNotices.base64url');

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it. The endpoint must be an
 * https address (the server also refuses loopback http unless configured for tests); the keys must
 * be a P-256 public key (65 bytes) and a 16-byte auth secret, checked by the server.
 */
export const ReplyPushSubscription = z.lazy(() =>
  z.object({
    endpoint: z.url({ error: 'schema.pushEndpoint' }).max(1024),
    keys: z.object({ p256dh: base64url(256), auth: base64url(128) }),
  }),
);
export type ReplyPushSubscription = z.infer<typeof ReplyPushSubscription>;

const EndpointBody = z.lazy(() => z.object({ endpoint: z.string().min(1).max(1024) }));

/** The signed address an unsubscribe link carries: the mail address and its HMAC. */
export const UnsubscribeQuery = z.lazy(() =>
  z.object({
    email: z.email({ error: 'schema.email.invalid' }).max(254),
    sig: z.string().min(1).max(128),
  }),
);
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuery>;

const PushState = z.lazy(() => z.object({ subscribed: z.boolean() }));

export const replyNoticesCalls = {
  replyPushKey: defineCall(routes.replyPushKey, () => ({
    response: z.object({
      vapidPublicKey: z.string(),
      /**
       * Replies can be mailed: the owner set up an SMTP server (issue 41.10). Without one the
       * comment form does not offer 有回复时邮件通知我.
       */
      mail: z.boolean(),
    }),
  })),
  replyPushStatus: defineCall(routes.replyPushStatus, () => ({ query: EndpointBody, response: PushState })),
  replyPushSubscribe: defineCall(routes.replyPushSubscribe, () => ({
    body: ReplyPushSubscription,
    response: PushState,
  })),
  replyPushUnsubscribe: defineCall(routes.replyPushUnsubscribe, () => ({
    body: EndpointBody,
    response: PushState,
  })),
  /** Answers HTML (not the envelope). */
  replyMailUnsubscribePage: defineCall(routes.replyMailUnsubscribePage, () => ({
    query: UnsubscribeQuery,
    response: z.string(),
  })),
  /** Answers HTML to a form post (a browser, a mail client's one-click), the envelope otherwise. */
  replyMailUnsubscribe: defineCall(routes.replyMailUnsubscribe, () => ({
    query: UnsubscribeQuery,
    response: z.object({ unsubscribed: z.literal(true) }),
  })),
} satisfies Record<keyof typeof routes, CallDef>;
