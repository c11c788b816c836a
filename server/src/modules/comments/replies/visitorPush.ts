import type { ReplyPushSubscription } from '@candy/contract/calls/replyNotices';
import type { Language } from '@candy/contract/languages';
import type { Caller } from '../../../http/context.ts';
import { invalidField } from '../../../http/errors.ts';
import type { RateLimiter } from '../../../http/rateLimit.ts';
import { messageOf, said, sayIn } from '../../../i18n/said.ts';
import { OutboundError } from '../../../net/outbound.ts';
import { pushEndpointProblem } from '../../../net/pushEndpoint.ts';
import type { VisitorChannels } from '../../push/service.ts';
import { keysProblem } from './endpointCheck.ts';
import type { ReplyRepo } from './repo.ts';

/** What a visitor's browser is shown: the service worker (web/src/sw/push.ts) reads these. */
export interface ReplyPushPayload {
  title: string;
  body: string;
  url: string;
}

const SEND_TIMEOUT_MS = 10_000;

const requireUuid = (caller: Caller): string => {
  if (!caller.uuid) throw invalidField('X-Uuid', 'required', said('error.device.uuidMissing'));
  return caller.uuid;
};

/** Subscribing and leaving again, per IP: enough for a person, not for filling the table. */
const subscribeRules = [{ limit: 20, windowMs: 3600_000 }];

export interface VisitorPushDeps {
  repo: ReplyRepo;
  rateLimiter: RateLimiter;
  channels: () => Promise<VisitorChannels>;
  allowLoopback: boolean;
  now: () => number;
  /** The site's language (SITE_LANGUAGE): a failure's words are kept in it. */
  language: Language;
}

/** A visitor's browsers for replies: subscribing tied to the device uuid, and sending to them. */
export const createVisitorPush = ({
  repo,
  rateLimiter,
  channels,
  allowLoopback,
  now,
  language,
}: VisitorPushDeps) => ({
  /** What reply notices can reach a visitor: the push key, and whether mail is set up. */
  async key() {
    const { vapid, email } = await channels();
    return { vapidPublicKey: vapid.publicKey, mail: email !== null };
  },

  async status(endpoint: string, caller: Caller) {
    return { subscribed: await repo.isSubscribed(endpoint, requireUuid(caller)) };
  },

  async subscribe(input: ReplyPushSubscription, caller: Caller) {
    const uuid = requireUuid(caller);
    const { outbound } = await channels();
    const problem = await pushEndpointProblem(outbound, input.endpoint, allowLoopback);
    if (problem) throw invalidField('endpoint', 'pushEndpoint', problem);
    const keys = keysProblem(input.keys);
    if (keys) throw invalidField(keys.field, 'pushKey', keys.message);
    await rateLimiter.hit(
      [`reply-push:ip:${caller.ip}`],
      subscribeRules,
      said('error.replies.subscribeTooOften'),
    );
    await repo.subscribe({
      endpoint: input.endpoint,
      uuid,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      created_at: now(),
    });
    return { subscribed: true };
  },

  async unsubscribe(endpoint: string, caller: Caller) {
    await repo.unsubscribe(endpoint, requireUuid(caller));
    return { subscribed: false };
  },

  /**
   * Pushes to every browser of a device. A browser the push service says is gone (404/410) is
   * dropped; any other failure is thrown so the job retries the notice later.
   */
  async sendTo(uuid: string, payload: ReplyPushPayload): Promise<number> {
    const targets = await repo.subscriptionsOf(uuid);
    if (targets.length === 0) return 0;
    const { vapid, subject, outbound } = await channels();
    const webPush = (await import('web-push')).default;
    const failures: string[] = [];
    let delivered = 0;
    for (const target of targets) {
      try {
        const request = webPush.generateRequestDetails(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(payload),
          { vapidDetails: { subject, ...vapid }, TTL: 7 * 24 * 3600, urgency: 'normal' },
        );
        const response = await outbound.fetch(request.endpoint, {
          method: 'POST',
          headers: request.headers as Record<string, string>,
          ...(request.body ? { body: request.body } : {}),
          timeoutMs: SEND_TIMEOUT_MS,
          maxBytes: 16 * 1024,
          truncate: true,
          maxRedirects: 0,
        });
        if (response.status >= 200 && response.status < 300) delivered += 1;
        else if (response.status === 404 || response.status === 410) await repo.dropEndpoint(target.endpoint);
        else failures.push(`HTTP ${response.status}`);
      } catch (error) {
        // The socket-level check refused it (a public name that now resolves inward): never again.
        if (error instanceof OutboundError && error.kind === 'refused') {
          await repo.dropEndpoint(target.endpoint);
          continue;
        }
        failures.push(sayIn(language, messageOf(error)));
      }
    }
    // One browser reached is enough: a retry would repeat the notification on that one.
    if (delivered === 0 && failures.length > 0) throw new Error(`Web Push: ${failures.join('; ')}`);
    return delivered;
  },
});

export type VisitorPush = ReturnType<typeof createVisitorPush>;
