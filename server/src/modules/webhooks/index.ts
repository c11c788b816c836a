import { createOutbound } from '../../net/outbound.ts';
import type { ModuleContext } from '../context.ts';
import { createDeliveryQueue } from './deliveries.ts';
import { createWebhookRepo } from './repo.ts';
import { webhookRoutes } from './routes.ts';
import { createWebhookService } from './service.ts';

/**
 * Signed webhooks (issue 26.5): the owner's endpoints hear the site's events from the event bus;
 * deliveries are queued in the database and sent by the `webhook-deliveries` job.
 */
export const webhooksModule = (ctx: ModuleContext) => {
  const repo = createWebhookRepo(ctx.db);
  const outbound = createOutbound(ctx.config.outbound, { userAgent: 'CandyJar-Webhooks' });
  const webhooks = createWebhookService({
    repo,
    outbound,
    logger: ctx.logger,
    now: ctx.now,
    language: ctx.config.siteLanguage,
  });
  const deliveries = createDeliveryQueue({
    repo,
    outbound,
    logger: ctx.logger,
    now: ctx.now,
    language: ctx.config.siteLanguage,
  });
  ctx.events.on((event) => webhooks.dispatch(event));
  webhookRoutes(ctx.router, webhooks);
  return { webhooks, deliveries };
};
