import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { pushRoutes as routes } from '../routes/push.ts';

export const PUSH_CHANNELS = ['webhook', 'ntfy', 'bark', 'gotify', 'email', 'webpush'] as const;
export type PushChannel = (typeof PUSH_CHANNELS)[number];
export const PUSH_LEVELS = ['info', 'warning', 'error'] as const;
export type PushLevel = (typeof PUSH_LEVELS)[number];

export interface ChannelField {
  key: string;
  label: string;
  /** Write-only: answered masked, kept when saved empty. */
  secret?: boolean;
  required?: boolean;
  placeholder?: string;
  hint?: string;
}

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, '须是 http(s) 地址');
const optional = (schema: z.ZodString) => z.union([z.literal(''), schema]).default('');

/**
 * Each channel's fields (the page builds its form from these) and the schema its stored settings
 * must meet before anything is sent. Values are strings, as typed.
 */
export const channelSettings = {
  webhook: {
    label: 'Webhook',
    fields: [
      { key: 'url', label: '地址', required: true, placeholder: 'https://example.com/hook' },
      { key: 'token', label: 'Bearer 令牌', secret: true, hint: '可选，作为 Authorization: Bearer 发送' },
    ],
    schema: z.object({ url: httpUrl, token: z.string().max(500).default('') }),
  },
  ntfy: {
    label: 'ntfy',
    fields: [
      { key: 'server', label: '服务器', placeholder: 'https://ntfy.sh' },
      { key: 'topic', label: '主题', required: true },
      { key: 'token', label: '访问令牌', secret: true, hint: '可选' },
    ],
    schema: z.object({
      server: optional(httpUrl).transform((value) => value || 'https://ntfy.sh'),
      topic: z
        .string()
        .trim()
        .regex(/^[-_A-Za-z0-9]{1,64}$/, '主题只能含字母、数字、- 和 _'),
      token: z.string().max(500).default(''),
    }),
  },
  bark: {
    label: 'Bark',
    fields: [
      { key: 'server', label: '服务器', placeholder: 'https://api.day.app' },
      { key: 'deviceKey', label: '设备密钥', secret: true, required: true },
    ],
    schema: z.object({
      server: optional(httpUrl).transform((value) => value || 'https://api.day.app'),
      deviceKey: z.string().trim().min(1, '必填').max(200),
    }),
  },
  gotify: {
    label: 'Gotify',
    fields: [
      { key: 'server', label: '服务器', required: true, placeholder: 'https://gotify.example.com' },
      { key: 'token', label: '应用令牌', secret: true, required: true },
    ],
    schema: z.object({ server: httpUrl, token: z.string().trim().min(1, '必填').max(200) }),
  },
  email: {
    label: '邮件',
    fields: [
      { key: 'host', label: 'SMTP 服务器', required: true, placeholder: 'smtp.example.com' },
      { key: 'port', label: '端口', placeholder: '465' },
      {
        key: 'secure',
        label: 'TLS',
        placeholder: 'true',
        hint: 'true：直接 TLS（465）；false：STARTTLS（587）',
      },
      { key: 'user', label: '用户名' },
      { key: 'pass', label: '密码', secret: true },
      { key: 'from', label: '发件人', required: true, placeholder: 'site@example.com' },
      { key: 'to', label: '收件人', required: true, placeholder: 'me@example.com' },
    ],
    schema: z.object({
      host: z.string().trim().min(1, '必填').max(200),
      port: z
        .string()
        .trim()
        .default('')
        .transform((value) => (value ? Number(value) : 465))
        .pipe(z.number().int().min(1, '端口是 1–65535').max(65535, '端口是 1–65535')),
      secure: z
        .enum(['', 'true', 'false'])
        .default('')
        .transform((value) => value !== 'false'),
      user: z.string().max(200).default(''),
      pass: z.string().max(500).default(''),
      from: z.email('不是邮箱地址'),
      to: z.email('不是邮箱地址'),
    }),
  },
  webpush: {
    label: '浏览器通知（Web Push）',
    fields: [
      {
        key: 'subject',
        label: '联系方式',
        placeholder: 'mailto:me@example.com',
        hint: '推送服务联系站长用（VAPID subject）',
      },
    ],
    schema: z.object({
      subject: optional(
        z
          .string()
          .trim()
          .regex(/^(mailto:|https:\/\/)\S+$/, '须是 mailto: 或 https:// 地址'),
      ).transform((value) => value || 'mailto:owner@localhost'),
    }),
  },
} as const satisfies Record<
  PushChannel,
  { label: string; fields: readonly ChannelField[]; schema: z.ZodType }
>;

export const PushMessageInput = z.lazy(() =>
  z.strictObject({
    title: z.string().trim().min(1).max(100),
    body: z.string().max(2000).default(''),
    /** A site path (`/chaos#12`) or an http(s) address the notification opens. */
    url: z
      .string()
      .trim()
      .max(1000)
      .regex(/^(\/|https?:\/\/)\S*$/i, '须是站内路径或 http(s) 地址')
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
      .regex(/^https?:\/\/\S+$/i, '须是推送服务地址'),
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
