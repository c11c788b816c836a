import { createECDH } from 'node:crypto';
import type { channelSettings, PushChannel, PushLevel } from '@candy/contract/calls/push';
import type { Language } from '@candy/contract/languages';
import type { z } from 'zod';
import { messageOf, sayIn } from '../../i18n/said.ts';
import { serverText } from '../../i18n/serverText.ts';
import { type Outbound, OutboundError } from '../../net/outbound.ts';
import { sendMailThrough } from '../../net/smtp.ts';

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

/**
 * Every channel's request goes through the outbound module (DESIGN §11): the owner typed the address,
 * and so may a token limited to push, so it is checked like a webhook's at the socket. A refusal
 * says only its status: the remote body is never read back into an answer.
 */
const postJson = async (
  outbound: Outbound,
  url: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<void> => {
  const answer = await outbound.fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'CandyJar-push/1', ...headers },
    body: JSON.stringify(body),
    timeoutMs: SEND_TIMEOUT_MS,
    maxBytes: 16 * 1024,
    truncate: true,
    maxRedirects: 0,
  });
  if (answer.status < 200 || answer.status >= 300) throw new Error(`HTTP ${answer.status}`);
};

const trimSlash = (base: string) => base.replace(/\/+$/, '');
const bearer = (token: string): Record<string, string> => (token ? { authorization: `Bearer ${token}` } : {});

/** Webhook: our own JSON, POSTed as is. */
export const sendWebhook = (outbound: Outbound, s: SettingsOf<'webhook'>, m: OutgoingMessage) =>
  postJson(
    outbound,
    s.url,
    { title: m.title, body: m.body, url: m.url ?? null, level: m.level, kind: m.kind },
    bearer(s.token),
  );

/**
 * ntfy: "publish as JSON" — POST to the server's root with the topic in the body (docs.ntfy.sh,
 * Publishing → Publish as JSON), which carries Chinese titles that HTTP headers could not.
 */
export const sendNtfy = (outbound: Outbound, s: SettingsOf<'ntfy'>, m: OutgoingMessage) =>
  postJson(
    outbound,
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
export const sendBark = (outbound: Outbound, s: SettingsOf<'bark'>, m: OutgoingMessage, language: Language) =>
  postJson(outbound, `${trimSlash(s.server)}/push`, {
    device_key: s.deviceKey,
    title: m.title,
    body: m.body || m.title,
    group: serverText(language, 'site.brand'),
    level: m.level === 'error' ? 'timeSensitive' : 'active',
    ...(m.url ? { url: m.url } : {}),
  });

/** Gotify: `POST /message` with the application token in X-Gotify-Key (gotify.net API docs). */
export const sendGotify = (outbound: Outbound, s: SettingsOf<'gotify'>, m: OutgoingMessage) =>
  postJson(
    outbound,
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
export const sendSmtpMail = (
  outbound: Outbound,
  s: SettingsOf<'email'>,
  mail: { to: string; subject: string; text: string; headers?: Record<string, string> },
): Promise<void> => sendMailThrough(outbound, s, { from: s.from, ...mail }, SEND_TIMEOUT_MS);

/** Email to the owner's own address. */
export const sendEmail = (
  outbound: Outbound,
  s: SettingsOf<'email'>,
  m: OutgoingMessage,
  language: Language,
): Promise<void> =>
  sendSmtpMail(outbound, s, {
    to: s.to,
    subject: serverText(language, 'push.mailSubject', { title: m.title }),
    text: [m.body, m.url].filter(Boolean).join('\n\n') || m.title,
  });

/**
 * Web Push to each subscribed browser (web-push: VAPID-signed, aes128gcm-encrypted). A subscription
 * the push service says is gone (404/410) is reported so it can be dropped; delivered to at least one
 * browser counts as delivered.
 */
export const sendWebPush = async (
  outbound: Outbound,
  s: SettingsOf<'webpush'>,
  m: OutgoingMessage,
  vapid: VapidKeys,
  targets: readonly WebPushTarget[],
  gone: (endpoint: string) => Promise<void>,
  language: Language,
): Promise<string> => {
  if (targets.length === 0) throw new Error(serverText(language, 'push.noBrowsers'));
  const webPush = (await import('web-push')).default;
  const payload = JSON.stringify({ title: m.title, body: m.body, url: m.url ?? '/great-old-one/index' });
  const failures: string[] = [];
  await Promise.all(
    targets.map(async (target) => {
      try {
        // web-push signs (VAPID) and encrypts (aes128gcm); the request itself goes out through the
        // outbound module like every other channel's (the endpoint came from a browser).
        const request = webPush.generateRequestDetails(target, payload, {
          vapidDetails: { subject: s.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
          TTL: 24 * 3600,
          urgency: m.level === 'error' ? 'high' : 'normal',
        });
        const response = await outbound.fetch(request.endpoint, {
          method: 'POST',
          headers: request.headers as Record<string, string>,
          ...(request.body ? { body: request.body } : {}),
          timeoutMs: SEND_TIMEOUT_MS,
          maxBytes: 16 * 1024,
          truncate: true,
          maxRedirects: 0,
        });
        if (response.status >= 200 && response.status < 300) return;
        if (response.status === 404 || response.status === 410) await gone(target.endpoint);
        failures.push(`HTTP ${response.status}`);
      } catch (error) {
        // An endpoint the policy refuses is dropped: it will never be allowed later either.
        if (error instanceof OutboundError && error.kind === 'refused') await gone(target.endpoint);
        failures.push(
          error instanceof Error && error.name === 'TimeoutError'
            ? serverText(language, 'push.timeout')
            : sayIn(language, messageOf(error)),
        );
      }
    }),
  );
  if (failures.length === targets.length) throw new Error(failures.join('; '));
  return serverText(language, 'push.browsers', {
    delivered: targets.length - failures.length,
    total: targets.length,
  });
};

/**
 * The server's VAPID key pair, made once and stored with the channel: a P-256 key in the form
 * web-push takes (the uncompressed public point and the 32-byte private scalar, base64url), as its
 * own `generateVAPIDKeys` makes it. Made here with node:crypto, so a fresh install that only needs
 * the public key (the reply notices' first run) does not load web-push and its ASN.1 stack for it
 * (≈ 1 MB of heap kept, issue 39).
 */
export const makeVapidKeys = async (): Promise<VapidKeys> => {
  const curve = createECDH('prime256v1');
  curve.generateKeys();
  const scalar = curve.getPrivateKey();
  // The scalar is sometimes shorter than 32 bytes (leading zeros): web-push wants all 32.
  const privateKey = Buffer.concat([Buffer.alloc(32 - scalar.length), scalar]);
  return { publicKey: curve.getPublicKey('base64url'), privateKey: privateKey.toString('base64url') };
};
