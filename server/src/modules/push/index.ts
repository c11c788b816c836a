import { pushCalls } from '@candy/contract/calls/push';
import { createOutbound } from '../../net/outbound.ts';
import { pushPolicy } from '../../net/pushEndpoint.ts';
import type { ModuleContext } from '../context.ts';
import { createPushRepo } from './repo.ts';
import { createPushService } from './service.ts';

/**
 * Where notifications open: the site's own address when one is configured (the first of
 * SITE_DOMAINS that is not a loopback name), else null and links stay paths.
 */
const linkBaseOf = (siteDomains: readonly string[]): string | null => {
  const own = siteDomains.find((domain) => domain !== 'localhost' && domain !== '127.0.0.1');
  return own ? `https://${own}` : null;
};

/** Message push to the owner (issue 12): channels, sending, history, and the product's `notify`. */
export const pushModule = (ctx: ModuleContext) => {
  const push = createPushService({
    repo: createPushRepo(ctx.db),
    now: ctx.now,
    logger: ctx.logger,
    linkBase: linkBaseOf(ctx.config.siteDomains),
    outbound: createOutbound(pushPolicy(ctx.config.outbound, ctx.config.pushAllowLoopback), {
      userAgent: 'CandyJar-push/1',
    }),
    allowLoopbackHttp: ctx.config.pushAllowLoopback,
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
