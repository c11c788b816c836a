import type { channelSettings, PushChannel, PushLevel } from '@candy/contract/calls/push';
import type { z } from 'zod';

/** What every channel delivers. `url` is absolute by now (or absent). */
export interface OutgoingMessage {
  title: string;
  body: string;
  url?: string;
  level: PushLevel;
  kind: string;
}

export type SettingsOf<C extends PushChannel> = z.output<(typeof channelSettings)[C]['schema']>;

export interface WebPushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** One channel's attempt must end within this; the others never wait on it. */
export const SEND_TIMEOUT_MS = 10_000;

const postJson = async (url: string, body: unknown, headers: Record<string, string> = {}): Promise<void> => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'CandyJar-push/1', ...headers },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    redirect: 'error',
  });
  // The body is read either way so the connection is freed; its text explains a refusal.
  const text = await response.text();
  if (!response.ok) throw new Error(`HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
};

const trimSlash = (base: string) => base.replace(/\/+$/, '');
const bearer = (token: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/** Webhook: our own JSON, POSTed as is. */
export const sendWebhook = (s: SettingsOf<'webhook'>, m: OutgoingMessage) =>
  postJson(
    s.url,
    { title: m.title, body: m.body, url: m.url ?? null, level: m.level, kind: m.kind },
    bearer(s.token),
  );

/**
 * ntfy: "publish as JSON" — POST to the server's root with the topic in the body (docs.ntfy.sh,
 * Publishing → Publish as JSON), which carries Chinese titles that HTTP headers could not.
 */
export const sendNtfy = (s: SettingsOf<'ntfy'>, m: OutgoingMessage) =>
  postJson(
    `${trimSlash(s.server)}/`,
    {
      topic: s.topic,
      title: m.title,
      message: m.body || m.title,
      priority: { info: 3, warning: 4, error: 5 }[m.level],
      tags: [m.kind],
      ...(m.url ? { click: m.url } : {}),
    },
    bearer(s.token),
  );

/** Bark: `POST /push` with a JSON body naming the device (Bark server API v2). */
export const sendBark = (s: SettingsOf<'bark'>, m: OutgoingMessage) =>
  postJson(`${trimSlash(s.server)}/push`, {
    device_key: s.deviceKey,
    title: m.title,
    body: m.body || m.title,
    group: '糖果罐',
    level: m.level === 'error' ? 'timeSensitive' : 'active',
    ...(m.url ? { url: m.url } : {}),
  });

/** Gotify: `POST /message` with the application token in X-Gotify-Key (gotify.net API docs). */
export const sendGotify = (s: SettingsOf<'gotify'>, m: OutgoingMessage) =>
  postJson(
    `${trimSlash(s.server)}/message`,
    {
      title: m.title,
      message: m.body || m.title,
      priority: { info: 4, warning: 6, error: 8 }[m.level],
      ...(m.url ? { extras: { 'client::notification': { click: { url: m.url } } } } : {}),
    },
    { 'x-gotify-key': s.token },
  );

/**
 * One mail through the owner's SMTP server (nodemailer, loaded on first use), from the channel's
 * address, within the channel's time limit. The owner's notices and visitors' reply mails use it.
 */
export const sendSmtpMail = async (
  s: SettingsOf<'email'>,
  mail: { to: string; subject: string; text: string; headers?: Record<string, string> },
): Promise<void> => {
  const { createTransport } = await import('nodemailer');
  const transport = createTransport({
    host: s.host,
    port: s.port,
    secure: s.secure,
    ...(s.user ? { auth: { user: s.user, pass: s.pass } } : {}),
    connectionTimeout: SEND_TIMEOUT_MS,
    greetingTimeout: SEND_TIMEOUT_MS,
    socketTimeout: SEND_TIMEOUT_MS,
  });
  try {
    await transport.sendMail({ from: s.from, ...mail });
  } finally {
    transport.close();
  }
};

/** Email to the owner's own address. */
export const sendEmail = (s: SettingsOf<'email'>, m: OutgoingMessage): Promise<void> =>
  sendSmtpMail(s, {
    to: s.to,
    subject: `[糖果罐] ${m.title}`,
    text: [m.body, m.url].filter(Boolean).join('\n\n') || m.title,
  });

/**
 * Web Push to each subscribed browser (web-push: VAPID-signed, aes128gcm-encrypted). A subscription
 * the push service says is gone (404/410) is reported so it can be dropped; delivered to at least one
 * browser counts as delivered.
 */
export const sendWebPush = async (
  s: SettingsOf<'webpush'>,
  m: OutgoingMessage,
  vapid: VapidKeys,
  targets: readonly WebPushTarget[],
  gone: (endpoint: string) => Promise<void>,
): Promise<string> => {
  if (targets.length === 0) throw new Error('还没有订阅的浏览器');
  const webPush = (await import('web-push')).default;
  const payload = JSON.stringify({ title: m.title, body: m.body, url: m.url ?? '/great-old-one/index' });
  const failures: string[] = [];
  await Promise.all(
    targets.map(async (target) => {
      try {
        // web-push signs (VAPID) and encrypts (aes128gcm); the request itself goes out through fetch
        // like every other channel's (with its time limit, and to http:// endpoints in tests).
        const request = webPush.generateRequestDetails(target, payload, {
          vapidDetails: { subject: s.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: 24 * 3600,
          urgency: m.level === 'error' ? 'high' : 'normal',
        });
        const response = await fetch(request.endpoint, {
          method: request.method,
          headers: request.headers as Record<string, string>,
          body: request.body ?? null,
          signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
        });
        await response.arrayBuffer();
        if (response.ok) return;
        if (response.status === 404 || response.status === 410) await gone(target.endpoint);
        failures.push(`HTTP ${response.status}`);
      } catch (error) {
        failures.push(
          error instanceof Error ? (error.name === 'TimeoutError' ? '超时' : error.message) : String(error),
        );
      }
    }),
  );
  if (failures.length === targets.length) throw new Error(failures.join('; '));
  return `${targets.length - failures.length}/${targets.length} 个浏览器`;
};

/** web-push makes the server's VAPID key pair once; it is stored with the channel. */
export const makeVapidKeys = async (): Promise<VapidKeys> =>
  (await import('web-push')).default.generateVAPIDKeys();
