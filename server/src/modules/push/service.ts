import {
  type ChannelResult,
  type ChannelUpdate as ChannelUpdateSchema,
  type ChannelView,
  channelSettings,
  PUSH_CHANNELS,
  type PushChannel,
  type PushMessage,
  type PushMessageInput as PushMessageSchema,
  type PushSubscriptionView,
} from '@candy/contract/calls/push';
import type { Language } from '@candy/contract/languages';
import { issueMessage } from '@candy/contract/schemaMessages';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { invalidField } from '../../http/errors.ts';
import { deviceOf } from '../../http/userAgent.ts';
import { messageOf, SaidError, said, sayIn } from '../../i18n/said.ts';
import { serverText } from '../../i18n/serverText.ts';
import type { Outbound } from '../../net/outbound.ts';
import { pushEndpointProblem } from '../../net/pushEndpoint.ts';
import type { Notify, NotifyEvent } from '../../notify.ts';
import { channelAddressProblem } from './channelAddress.ts';
import { type StoredSettings, secretKeys, view } from './channelView.ts';
import { createLinkBase } from './ownerOrigin.ts';
import type { PushRepo } from './repo.ts';
import {
  makeVapidKeys,
  type OutgoingMessage,
  type SettingsOf,
  sendBark,
  sendEmail,
  sendGotify,
  sendNtfy,
  sendWebhook,
  sendWebPush,
  type VapidKeys,
} from './senders.ts';

export interface PushDeps {
  repo: PushRepo;
  now: () => number;
  logger: Logger;
  /**
   * The site's own address as configured (`https://candy.example`), which turns a site path
   * (`/chaos#3`) into an address a phone can open; null when not configured, and then the address
   * the owner last used the back office from stands in (issue 41.17).
   */
  linkBase: string | null;
  /** How every channel reaches its address (DESIGN §11): the owner's policy, checked at the socket. */
  outbound: Outbound;
  /** PUSH_ALLOW_LOOPBACK: plain http Web Push endpoints on this machine (tests, a local stand-in). */
  allowLoopbackHttp: boolean;
  /** The site's language (SITE_LANGUAGE): the words of the channels' results and of the mails sent. */
  language: Language;
}

export interface VisitorChannels {
  vapid: VapidKeys;
  /** VAPID `sub`: a mailto: or https: address push services may contact. */
  subject: string;
  email: SettingsOf<'email'> | null;
  linkBase: string | null;
  /** The push module's outbound, so replies to visitors go out under the same policy. */
  outbound: Outbound;
}
/** Stored beside the webpush settings; never part of a view. */
const VAPID_PUBLIC = '_vapidPublicKey';
const VAPID_PRIVATE = '_vapidPrivateKey';
/** The origin the owner last used the back office from, when no site address is configured. */
const OWNER_ORIGIN = '_ownerOrigin';

const LEVELS = { info: 'info', warning: 'warning', error: 'error' } as const;

/**
 * Push channels (issue 12): their settings, sending to one or all of them in parallel with a time
 * limit each, the history of what was sent, and `notify(event)` — how the rest of the product tells
 * the owner something.
 */
export const createPushService = (deps: PushDeps) => {
  const { repo, now, logger, outbound, language } = deps;

  const stored = async () => {
    const rows = await repo.channels();
    return new Map(
      rows.map((row) => [
        row.channel,
        {
          enabled: row.enabled === 1,
          settings: JSON.parse(row.settings) as StoredSettings,
          updatedAt: row.updated_at,
        },
      ]),
    );
  };

  const links = createLinkBase({
    configured: deps.linkBase,
    read: async () => (await stored()).get('webpush')?.settings[OWNER_ORIGIN],
    async write(origin) {
      const row = (await stored()).get('webpush');
      if (row?.settings[OWNER_ORIGIN] === origin) return;
      const settings = { ...row?.settings, [OWNER_ORIGIN]: origin };
      await repo.saveChannel('webpush', row?.enabled ?? false, settings, now());
    },
    onError: (error) => logger.warn({ err: error }, 'remembering the owner address failed'),
  });
  const linkBase = links.current;

  /** The VAPID key pair, made on first need and kept with the webpush channel. */
  const vapidKeys = async (): Promise<VapidKeys> => {
    const row = (await stored()).get('webpush');
    const publicKey = row?.settings[VAPID_PUBLIC];
    const privateKey = row?.settings[VAPID_PRIVATE];
    if (publicKey && privateKey) return { publicKey, privateKey };
    const keys = await makeVapidKeys();
    await repo.saveChannel(
      'webpush',
      row?.enabled ?? false,
      { ...row?.settings, [VAPID_PUBLIC]: keys.publicKey, [VAPID_PRIVATE]: keys.privateKey },
      now(),
    );
    return keys;
  };

  const deliver = async (
    channel: PushChannel,
    settings: StoredSettings,
    message: OutgoingMessage,
  ): Promise<string> => {
    const parsed = channelSettings[channel].schema.safeParse(settings);
    if (!parsed.success) throw new SaidError(said('push.incomplete'));
    switch (channel) {
      case 'webhook':
        await sendWebhook(outbound, parsed.data as SettingsOf<'webhook'>, message);
        return '';
      case 'ntfy':
        await sendNtfy(outbound, parsed.data as SettingsOf<'ntfy'>, message);
        return '';
      case 'bark':
        await sendBark(outbound, parsed.data as SettingsOf<'bark'>, message, language);
        return '';
      case 'gotify':
        await sendGotify(outbound, parsed.data as SettingsOf<'gotify'>, message);
        return '';
      case 'email':
        await sendEmail(outbound, parsed.data as SettingsOf<'email'>, message, language);
        return '';
      case 'webpush': {
        const targets = (await repo.subscriptions()).map((s) => ({
          endpoint: s.endpoint,
          keys: { p256dh: s.p256dh, auth: s.auth },
        }));
        return sendWebPush(
          outbound,
          parsed.data as SettingsOf<'webpush'>,
          message,
          await vapidKeys(),
          targets,
          async (endpoint) => {
            await repo.unsubscribe(endpoint);
          },
          language,
        );
      }
    }
  };

  /**
   * Sends to the given channels at once; each answers for itself (a failing or slow one is reported
   * and never holds the others back). `force` tries disabled channels too (the test button).
   */
  const sendTo = async (
    channels: readonly PushChannel[],
    message: OutgoingMessage,
    force: boolean,
  ): Promise<ChannelResult[]> => {
    const rows = await stored();
    return Promise.all(
      channels.map(async (channel): Promise<ChannelResult> => {
        const row = rows.get(channel);
        const started = now();
        if (!row || !view(channel, row).configured)
          return { channel, outcome: 'skipped', detail: serverText(language, 'push.notConfigured'), ms: 0 };
        if (!row.enabled && !force)
          return { channel, outcome: 'skipped', detail: serverText(language, 'push.disabled'), ms: 0 };
        try {
          const detail = await deliver(channel, row.settings, message);
          return { channel, outcome: 'ok', detail, ms: now() - started };
        } catch (error) {
          const detail =
            error instanceof Error && error.name === 'TimeoutError'
              ? serverText(language, 'push.timeout')
              : sayIn(language, messageOf(error));
          logger.warn({ channel, err: error }, 'push channel failed');
          return { channel, outcome: 'failed', detail: detail.slice(0, 300), ms: now() - started };
        }
      }),
    );
  };

  const record = async (message: OutgoingMessage, results: ChannelResult[]) => {
    await repo.record({
      kind: message.kind,
      title: message.title.slice(0, 200),
      body: message.body,
      url: message.url ?? null,
      level: message.level,
      results: JSON.stringify(results),
      created_at: now(),
    });
  };

  const outgoing = async (
    input: { title: string; body: string; url?: string; level: OutgoingMessage['level'] },
    kind: string,
  ): Promise<OutgoingMessage> => {
    const base = input.url?.startsWith('/') ? await linkBase() : null;
    return {
      title: input.title,
      body: input.body,
      level: input.level,
      kind,
      ...(input.url ? { url: base ? `${base}${input.url}` : input.url } : {}),
    };
  };

  const notify: Notify = async (event: NotifyEvent) => {
    // Said in the site's language: the owner reads it later, wherever.
    const title = sayIn(language, event.title);
    const body = sayIn(language, event.body);
    logger.info({ notice: { ...event, title, body } }, `notify: ${title}`);
    try {
      const message = await outgoing(
        { title, body, url: event.url, level: LEVELS[event.level ?? 'info'] },
        event.kind,
      );
      const results = await sendTo(PUSH_CHANNELS, message, false);
      // A notice no channel took is still worth keeping: the page shows what the owner missed.
      await record(message, results);
    } catch (error) {
      logger.error({ err: error }, 'notify failed');
    }
  };

  return {
    notify,

    /**
     * Remembers the origin of an owner's request (`https://home.example:8443`) as the links' base
     * while no site address is configured; loopback origins are not kept (no phone can open them).
     */
    rememberOwnerOrigin: links.remember,

    /**
     * What replies to visitors (issue 25.3) borrow from the owner's channels: the one VAPID key pair
     * with the owner's subject (or the site's address), and the SMTP settings when the email channel
     * is configured (its on/off switch is about the owner's own notices).
     */
    async visitorChannels(): Promise<VisitorChannels> {
      const rows = await stored();
      const base = await linkBase();
      const webpush = rows.get('webpush')?.settings ?? {};
      const email = channelSettings.email.schema.safeParse(rows.get('email')?.settings ?? {});
      return {
        vapid: await vapidKeys(),
        // VAPID takes an https: or mailto: subject only (a LAN SITE_URL may be http:).
        subject:
          webpush.subject || (base?.startsWith('https://') ? base : '') || 'mailto:webmaster@localhost',
        email: email.success ? email.data : null,
        linkBase: base,
        outbound,
      };
    },

    async channels() {
      const rows = await stored();
      return {
        channels: PUSH_CHANNELS.map((channel) => view(channel, rows.get(channel))),
        vapidPublicKey: (await vapidKeys()).publicKey,
        subscriptions: await repo.countSubscriptions(),
        linkBase: await linkBase(),
        linkBaseConfigured: deps.linkBase !== null,
      };
    },

    async update(channel: PushChannel, body: z.output<typeof ChannelUpdateSchema>): Promise<ChannelView> {
      const previous = (await stored()).get(channel);
      const secrets = secretKeys(channel);
      const known: string[] = channelSettings[channel].fields.map((f) => f.key);
      const unknown = Object.keys(body.settings).find((key) => !known.includes(key));
      if (unknown)
        throw invalidField(
          `settings.${unknown}`,
          'unknown',
          said('error.push.unknownSetting', { channel: said(`push.channel.${channel}`) }),
        );
      const next: StoredSettings = { ...previous?.settings };
      for (const key of known) {
        const value = (body.settings[key] ?? '').trim();
        // A secret left empty (or still showing its mask) keeps what is stored.
        if (secrets.includes(key) && (value === '' || value.startsWith('••••'))) continue;
        next[key] = value;
      }
      const checked = channelSettings[channel].schema.safeParse(next);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw invalidField(
          `settings.${String(issue?.path[0] ?? '')}`,
          issue?.code ?? 'invalid',
          issue ? issueMessage(issue) : said('error.push.invalidSettings'),
        );
      }
      const refused = await channelAddressProblem(outbound, channel, checked.data);
      if (refused) throw invalidField(`settings.${refused.field}`, 'privateAddress', refused.message);
      await repo.saveChannel(channel, body.enabled, next, now());
      return view(channel, (await stored()).get(channel));
    },

    /** `POST /message/{channel}.{action}`: `test` tries a channel even when it is switched off. */
    async send(
      target: PushChannel | 'all',
      action: 'send' | 'test',
      input: z.output<typeof PushMessageSchema>,
    ): Promise<{ results: ChannelResult[] }> {
      const message = await outgoing(input, action === 'test' ? 'test' : 'manual');
      const results = await sendTo(target === 'all' ? PUSH_CHANNELS : [target], message, action === 'test');
      await record(message, results);
      return { results };
    },

    async history(): Promise<PushMessage[]> {
      return (await repo.history()).map((row) => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        body: row.body,
        url: row.url,
        level: LEVELS[row.level as keyof typeof LEVELS] ?? 'info',
        createdAt: row.created_at,
        results: JSON.parse(row.results) as ChannelResult[],
      }));
    },

    async subscriptions(): Promise<PushSubscriptionView[]> {
      const rows = await repo.subscriptions();
      return rows
        .map((row) => {
          const { browser, os } = deviceOf(row.user_agent);
          return {
            endpoint: row.endpoint,
            service: URL.parse(row.endpoint)?.host ?? '',
            browser,
            os,
            createdAt: Number(row.created_at),
          };
        })
        .reverse();
    },

    async subscribe(input: { endpoint: string; keys: { p256dh: string; auth: string } }, userAgent: string) {
      const problem = await pushEndpointProblem(outbound, input.endpoint, deps.allowLoopbackHttp);
      if (problem) throw invalidField('endpoint', 'pushEndpoint', problem);
      await repo.subscribe({
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        user_agent: userAgent.slice(0, 256),
        created_at: now(),
      });
      return { subscriptions: await repo.countSubscriptions() };
    },

    async unsubscribe(endpoint: string) {
      await repo.unsubscribe(endpoint);
      return { subscriptions: await repo.countSubscriptions() };
    },
  };
};

export type PushService = ReturnType<typeof createPushService>;
