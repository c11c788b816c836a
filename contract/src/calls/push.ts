import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { pushRoutes as routes } from '../routes/push.ts';

export const PUSH_CHANNELS = ['webhook', 'ntfy', 'bark', 'gotify', 'email', 'webpush'] as const;
export type PushChannel = (typeof PUSH_CHANNELS)[number];
export const PUSH_LEVELS = ['info', 'warning', 'error'] as const;
export type PushLevel = (typeof PUSH_LEVELS)[number];

/**
 * A channel's setting as its form shows it. Its label (and hint, when it has one) are words of the
 * back office, `admin.push.field.<channel>.<key>` (`….hint`); the channel's name is
 * `admin.push.channel.<channel>`.
 */
export interface ChannelField {
  key: string;
  /** Write-only: answered masked, kept when saved empty. */
  secret?: boolean;
  required?: boolean;
  /** An example value, the same in every language. */
  placeholder?: string;
  /** A line under the field explains it. */
  hint?: boolean;
}

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, 'schema.httpUrl');
const optional = (schema: z.ZodString) => z.union([z.literal(''), schema]).default('');

/**
 * Each channel's fields (the page builds its form from these) and the schema its stored settings
 * must meet before anything is sent. Values are strings, as typed.
 */
export const channelSettings = {
  webhook: {
    fields: [
      { key: 'url', required: true, placeholder: 'https://example.com/hook' },
      { key: 'token', secret: true, hint: true },
    ],
    schema: z.object({ url: httpUrl, token: z.string().max(500).default('') }),
  },
  ntfy: {
    fields: [
      { key: 'server', placeholder: 'https://ntfy.sh' },
      { key: 'topic', required: true },
      { key: 'token', secret: true, hint: true },
    ],
    schema: z.object({
      server: optional(httpUrl).transform((value) => value || 'https://ntfy.sh'),
      topic: z
        .string()
        .trim()
        .regex(/^[-_A-Za-z0-9]{1,64}$/, 'schema.push.topic'),
      token: z.string().max(500).default(''),
    }),
  },
  bark: {
    fields: [
      { key: 'server', placeholder: 'https://api.day.app' },
      { key: 'deviceKey', secret: true, required: true },
    ],
    schema: z.object({
      server: optional(httpUrl).transform((value) => value || 'https://api.day.app'),
      deviceKey: z.string().trim().min(1, 'schema.required').max(200),
    }),
  },
  gotify: {
    fields: [
      { key: 'server', required: true, placeholder: 'https://gotify.example.com' },
      { key: 'token', secret: true, required: true },
    ],
    schema: z.object({ server: httpUrl, token: z.string().trim().min(1, 'schema.required').max(200) }),
  },
  email: {
    fields: [
      { key: 'host', required: true, placeholder: 'smtp.example.com' },
      { key: 'port', placeholder: '465' },
      {
        key: 'secure',
        placeholder: 'true',
        hint: true,
      },
      { key: 'user' },
      { key: 'pass', secret: true },
      { key: 'from', required: true, placeholder: 'site@example.com' },
      { key: 'to', required: true, placeholder: 'me@example.com' },
    ],
    schema: z.object({
      host: z.string().trim().min(1, 'schema.required').max(200),
      port: z
        .string()
        .trim()
        .default('')
        .transform((value) => (value ? Number(value) : 465))
        .pipe(z.number().int().min(1, 'schema.push.port').max(65535, 'schema.push.port')),
      secure: z
        .enum(['', 'true', 'false'])
        .default('')
        .transform((value) => value !== 'false'),
      user: z.string().max(200).default(''),
      pass: z.string().max(500).default(''),
      from: z.email('schema.push.email'),
      to: z.email('schema.push.email'),
    }),
  },
  webpush: {
    fields: [
      {
        key: 'subject',
        placeholder: 'mailto:me@example.com',
        hint: true,
      },
    ],
    schema: z.object({
      subject: optional(
        z
          .string()
          .trim()
          .regex(/^(mailto:|https:\/\/)\S+$/, 'schema.push.subject'),
      ).transform((value) => value || 'mailto:owner@localhost'),
    }),
  },
} as const satisfies Record<PushChannel, { fields: readonly ChannelField[]; schema: z.ZodType }>;

export const PushMessageInput = z.lazy(() =>
  z.strictObject({
    title: z.string().trim().min(1).max(100),
    body: z.string().max(2000).default(''),
    /** A site path (`/chaos#12`) or an http(s) address the notification opens. */
    url: z
      .string()
      .trim()
      .max(1000)
      .regex(/^(\/|https?:\/\/)\S*$/i, 'schema.push.url')
      .optional(),
    level: z.enum(PUSH_LEVELS).default('info'),
  }),
);
export type PushMessageInput = z.input<typeof PushMessageInput>;

export const ChannelResult = z.lazy(() =>
  z.object({
    channel: z.enum(PUSH_CHANNELS),
    outcome: z.enum(['ok', 'failed', 'skipped']),
    /** What went wrong, or why it was skipped (未配置 / 已停用). */
    detail: z.string(),
    ms: z.number(),
  }),
);
export type ChannelResult = z.infer<typeof ChannelResult>;

export const ChannelView = z.lazy(() =>
  z.object({
    channel: z.enum(PUSH_CHANNELS),
    enabled: z.boolean(),
    /** Its settings are stored (and met its schema when saved). */
    configured: z.boolean(),
    /** As stored, secrets replaced by a mask. */
    settings: z.record(z.string(), z.string()),
    /** The secret fields that hold a value. */
    secretsSet: z.array(z.string()),
    updatedAt: z.number().nullable(),
  }),
);
export type ChannelView = z.infer<typeof ChannelView>;

export const PushMessage = z.lazy(() =>
  z.object({
    id: z.number(),
    kind: z.string(),
    title: z.string(),
    body: z.string(),
    url: z.string().nullable(),
    level: z.enum(PUSH_LEVELS),
    createdAt: z.number(),
    results: z.array(ChannelResult),
  }),
);
export type PushMessage = z.infer<typeof PushMessage>;

export const ChannelUpdate = z.lazy(() =>
  z.strictObject({
    enabled: z.boolean(),
    settings: z.record(z.string().max(32), z.string().max(1000)),
  }),
);
export type ChannelUpdate = z.input<typeof ChannelUpdate>;

export const PushSubscriptionInput = z.lazy(() =>
  z.object({
    endpoint: z
      .string()
      .max(1024)
      .regex(/^https?:\/\/\S+$/i, 'schema.pushEndpoint'),
    keys: z.object({ p256dh: z.string().min(1).max(256), auth: z.string().min(1).max(128) }),
  }),
);

export const PushSubscriptionView = z.lazy(() =>
  z.object({
    /** The push service's address for this browser (the owner's own data: it is how one is removed). */
    endpoint: z.string(),
    /** The push service's host, e.g. fcm.googleapis.com or updates.push.services.mozilla.com. */
    service: z.string(),
    /** Parsed from the User-Agent it subscribed with; empty when unknown. */
    browser: z.string(),
    os: z.string(),
    createdAt: z.number(),
  }),
);
export type PushSubscriptionView = z.infer<typeof PushSubscriptionView>;

const channelParam = z.lazy(() => z.object({ channel: z.enum(PUSH_CHANNELS) }));

export const pushCalls = {
  messageSend: defineCall(routes.messageSend, () => ({
    params: z.object({ channel: z.enum([...PUSH_CHANNELS, 'all']), action: z.enum(['send', 'test']) }),
    body: PushMessageInput,
    response: z.object({ results: z.array(ChannelResult) }),
  })),
  pushChannels: defineCall(routes.pushChannels, () => ({
    response: z.object({
      channels: z.array(ChannelView),
      /** The server's VAPID public key (base64url), made once. */
      vapidPublicKey: z.string(),
      subscriptions: z.number(),
      /**
       * Where notification and mail links point: SITE_URL (by default `https://` + the first of
       * SITE_DOMAINS that is not a loopback name), else the address the owner last opened the back
       * office at (not a loopback one), else null — links then go out as bare paths, which a phone's
       * notification cannot open, and the page says so.
       */
      linkBase: z.string().nullable(),
      /** false when linkBase is the address the owner last used, not SITE_URL / SITE_DOMAINS. */
      linkBaseConfigured: z.boolean(),
    }),
  })),
  pushChannelUpdate: defineCall(routes.pushChannelUpdate, () => ({
    params: channelParam,
    body: ChannelUpdate,
    response: ChannelView,
  })),
  pushHistory: defineCall(routes.pushHistory, () => ({ response: z.array(PushMessage) })),
  pushSubscriptions: defineCall(routes.pushSubscriptions, () => ({
    response: z.array(PushSubscriptionView),
  })),
  pushSubscribe: defineCall(routes.pushSubscribe, () => ({
    body: PushSubscriptionInput,
    response: z.object({ subscriptions: z.number() }),
  })),
  pushUnsubscribe: defineCall(routes.pushUnsubscribe, () => ({
    body: z.object({ endpoint: z.string().max(1024) }),
    response: z.object({ subscriptions: z.number() }),
  })),
} satisfies Record<keyof typeof routes, CallDef>;
