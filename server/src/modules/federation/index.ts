import { getDocumentLoader } from '@fedify/fedify';
import type { FastifyInstance } from 'fastify';
import { createRateLimiter } from '../../http/rateLimit.ts';
import type { ArticlesService } from '../articles/service.ts';
import type { RemoteComments } from '../comments/remote.ts';
import type { ModuleContext } from '../context.ts';
import type { EssaysService } from '../essays/service.ts';
import type { MetaService } from '../meta/service.ts';
import type { MomentsService } from '../moments/service.ts';
import { buildFederation } from './federation.ts';
import { setInboxListeners } from './inbox.ts';
import { mountFederation } from './mount.ts';
import { createOutbox } from './outbox.ts';
import { createFederationRepo } from './repo.ts';
import { federationRoutes } from './routes.ts';
import { createFederationService } from './service.ts';
import { createFederationSettings } from './settings.ts';

export interface FederationModuleDeps {
  meta: MetaService;
  essays: EssaysService;
  moments: MomentsService;
  articles: ArticlesService;
  remote: RemoteComments;
}

/**
 * The site as an ActivityPub actor (issue 29), on Fedify 1.5 (the newest that runs on Node 20:
 * docs/decisions.md). Everything Fedify-specific stays in this folder.
 */
export const federationModule = (ctx: ModuleContext, deps: FederationModuleDeps) => {
  const repo = createFederationRepo(ctx.db);
  const settings = createFederationSettings(deps.meta, null);
  const allowPrivateAddress = ctx.config.outbound.allowPrivate || ctx.config.outbound.allowed.length > 0;
  const { federation, kv, queue } = buildFederation({
    db: ctx.db,
    logger: ctx.logger,
    settings,
    repo,
    essays: deps.essays,
    moments: deps.moments,
    articles: deps.articles,
    allowPrivateAddress,
    onOutboxError: (error, activity) => {
      ctx.logger.warn({ err: error, activity: activity?.id?.href }, 'federation: delivery failed');
      const inbox = /https?:\/\/\S+/.exec(error.message)?.[0] ?? '';
      repo
        .addDelivery({
          activityId: activity?.id?.href ?? '',
          type: activity?.constructor.name ?? '',
          inbox,
          error: error.message,
          at: ctx.now(),
        })
        .catch((e: unknown) => ctx.logger.error({ err: e }, 'federation: delivery log not written'));
    },
    now: ctx.now,
  });
  setInboxListeners(federation, {
    repo,
    settings,
    remote: deps.remote,
    commentTarget: (id) => deps.remote.targetOfComment(id),
    notifyOwner: (title, body, url) => {
      ctx.notify({ kind: 'comment', title, body, url }).catch((error: unknown) => {
        ctx.logger.warn({ err: error }, 'federation: owner notification failed');
      });
    },
    logger: ctx.logger,
    now: ctx.now,
  });
  ctx.events.on(
    createOutbox({ federation, settings, remote: deps.remote, logger: ctx.logger, now: ctx.now }),
  );
  const service = createFederationService({
    federation,
    settings,
    repo,
    remote: deps.remote,
    queued: () => queue.pending(),
    now: ctx.now,
  });
  federationRoutes(ctx.router, service);

  const abort = new AbortController();
  let started = false;
  return {
    federation: service,
    /** Puts Fedify's routes in front of ours. */
    mount: (app: FastifyInstance) =>
      mountFederation(app, {
        federation,
        origin: async () => (await settings.load()).origin,
        blocks: () => service.blockList(),
        rateLimiter: createRateLimiter(ctx.db, ctx.now),
        documentLoader: getDocumentLoader({ allowPrivateAddress }),
        logger: ctx.logger,
      }),
    /** Starts the queue's worker (deliveries and inbox work) on this replica. */
    start(): void {
      if (started) return;
      started = true;
      federation.startQueue(undefined, { signal: abort.signal }).catch((error: unknown) => {
        ctx.logger.error({ err: error }, 'federation: queue stopped');
      });
    },
    stop: (): void => abort.abort(),
    sweep: () => kv.sweep(),
  };
};
