import { pushCalls } from '@candy/contract/calls/push';
import { createOutbound } from '../../net/outbound.ts';
import { pushPolicy } from '../../net/pushEndpoint.ts';
import type { ModuleContext } from '../context.ts';
import { originOf } from './ownerOrigin.ts';
import { createPushRepo } from './repo.ts';
import { createPushService } from './service.ts';

/**
 * Where notifications and mails open (issue 41.17): the site's public address as configured
 * (SITE_URL, which defaults to the first of SITE_DOMAINS that is not a loopback name); else the
 * address the owner last used the back office from; else links stay paths (the push page says so).
 */
const linkBaseOf = (siteUrl: string | null): string | null => siteUrl?.replace(/\/+$/, '') || null;

/** Message push to the owner (issue 12): channels, sending, history, and the product's `notify`. */
export const pushModule = (ctx: ModuleContext) => {
  const push = createPushService({
    repo: createPushRepo(ctx.db),
    now: ctx.now,
    logger: ctx.logger,
    linkBase: linkBaseOf(ctx.config.siteUrl),
    outbound: createOutbound(pushPolicy(ctx.config.outbound, ctx.config.pushAllowLoopback), {
      userAgent: 'CandyJar-push/1',
    }),
    allowLoopbackHttp: ctx.config.pushAllowLoopback,
    language: ctx.config.siteLanguage,
  });
  ctx.router.onOwnerRequest((req) => {
    const origin = originOf(req);
    // Not awaited: the request goes on; a link made meanwhile waits for the write (service).
    if (origin) void push.rememberOwnerOrigin(origin);
  });
  ctx.router.route(pushCalls.messageSend, ({ params, body }) =>
    push.send(params.channel, params.action, body),
  );
  ctx.router.route(pushCalls.pushChannels, () => push.channels());
  ctx.router.route(pushCalls.pushChannelUpdate, ({ params, body }) => push.update(params.channel, body));
  ctx.router.route(pushCalls.pushHistory, () => push.history());
  ctx.router.route(pushCalls.pushSubscriptions, () => push.subscriptions());
  ctx.router.route(pushCalls.pushSubscribe, ({ body, caller }) => push.subscribe(body, caller.userAgent));
  ctx.router.route(pushCalls.pushUnsubscribe, ({ body }) => push.unsubscribe(body.endpoint));
  return { push };
};
