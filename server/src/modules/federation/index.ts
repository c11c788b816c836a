import type { FastifyInstance } from 'fastify';
import type { SiteEvent } from '../../events.ts';
import { createRateLimiter } from '../../http/rateLimit.ts';
import { createOutbound } from '../../net/outbound.ts';
import type { ArticlesService } from '../articles/service.ts';
import type { RemoteComments } from '../comments/remote.ts';
import type { ModuleContext } from '../context.ts';
import type { EssaysService } from '../essays/service.ts';
import type { MetaService } from '../meta/service.ts';
import type { MomentsService } from '../moments/service.ts';
import { createDeliveryLog, type DeliveryLog } from './deliveries.ts';
import { createKvStore } from './kvStore.ts';
import { createMessageQueue } from './messageQueue.ts';
import { mountFederation } from './mount.ts';
import { createFederationRepo } from './repo.ts';
import { federationRoutes } from './routes.ts';
import type { FederationRuntime } from './runtime.ts';
import { createFederationService } from './service.ts';
import { createFederationSettings } from './settings.ts';

export interface FederationModuleDeps {
  meta: MetaService;
  essays: EssaysService;
  moments: MomentsService;
  articles: ArticlesService;
  remote: RemoteComments;
}

/** Whether an event may send an activity: posts of every kind, and the owner's replies. */
const concernsFederation = (event: SiteEvent): boolean => {
  switch (event.type) {
    case 'essay.published':
    case 'essay.updated':
    case 'essay.deleted':
    case 'moment.posted':
    case 'moment.updated':
    case 'moment.deleted':
      return true;
    case 'comment.posted':
      return event.data.isOwner && event.data.parentId !== null;
    case 'comment.held':
      return false;
  }
};

/**
 * The site as an ActivityPub actor (issue 29), on Fedify 1.5 (the newest that runs on Node 20:
 * docs/decisions.md). Everything Fedify-specific stays in this folder, and Fedify itself is
 * imported only when first needed (`runtime`): a request to its paths, an activity to send, work in
 * its queue. Until then the module is its repository, settings, store and queue over our database.
 */
export const federationModule = (ctx: ModuleContext, deps: FederationModuleDeps) => {
  const { logger } = ctx;
  const repo = createFederationRepo(ctx.db);
  const settings = createFederationSettings(deps.meta, null);
  const outbound = createOutbound(ctx.config.outbound, { userAgent: 'CandyJar-Federation' });
  const kv = createKvStore(ctx.db, ctx.now);
  const queue = createMessageQueue(ctx.db, logger, {
    run: (message, handle) => deliveryLog.run(message, handle),
  });

  let loading: Promise<FederationRuntime> | null = null;
  /** Fedify, imported once; callers at the same time share one promise (a failed import is tried again). */
  const runtime = (): Promise<FederationRuntime> => {
    loading ??= import('./runtime.ts')
      .then(({ createFederationRuntime }) =>
        createFederationRuntime({
          kv,
          queue,
          outbound,
          settings,
          repo,
          essays: deps.essays,
          moments: deps.moments,
          articles: deps.articles,
          remote: deps.remote,
          onDeliveryError: (error, activityId) => {
            logger.warn({ err: error, activity: activityId }, 'federation: delivery failed');
            deliveryLog.failed(error);
          },
          notifyOwner: (title, body, url) => {
            ctx.notify({ kind: 'comment', title, body, url }).catch((error: unknown) => {
              logger.warn({ err: error }, 'federation: owner notification failed');
            });
          },
          commentTarget: (id) => deps.remote.targetOfComment(id),
          logger,
          now: ctx.now,
          language: ctx.config.siteLanguage,
        }),
      )
      .catch((error: unknown) => {
        loading = null;
        throw error;
      });
    return loading;
  };

  const deliveryLog: DeliveryLog = createDeliveryLog({
    db: ctx.db,
    queue,
    outbound,
    signingKeys: async (baseUrl) => (await runtime()).signingKeys(baseUrl),
    logger,
    now: ctx.now,
    language: ctx.config.siteLanguage,
  });

  // The queue's worker: started with the server only when there is work (rows at boot, an enqueue),
  // and its listener sleeps while nothing is due (messageQueue.ts).
  const abort = new AbortController();
  let running = false;
  let listening = false;
  const startWorker = (): void => {
    if (!running || listening || abort.signal.aborted) return;
    listening = true;
    runtime()
      .then((r) => r.startQueue(abort.signal))
      .catch((error: unknown) => {
        listening = false;
        logger.error({ err: error }, 'federation: queue stopped');
      });
  };
  queue.onEnqueue(startWorker);
  const lookForWork = async (): Promise<void> => {
    if (!running) return;
    if (listening) queue.wake();
    else if (await queue.hasWork()) startWorker();
  };

  // Activities go out in the order of the events, off the owner's save: its answer never waits for
  // Fedify's first import, and a failure here is logged (the write stands).
  let outboxTail: Promise<void> = Promise.resolve();
  ctx.events.on((event) => {
    if (!concernsFederation(event)) return;
    outboxTail = outboxTail
      .then(async () => {
        if (!(await settings.load()).origin) return;
        await (await runtime()).outbox(event);
      })
      .catch((error: unknown) => logger.error({ err: error, event: event.type }, 'federation: not sent'));
  });

  const service = createFederationService({
    settings,
    repo,
    remote: deps.remote,
    answerFollow: async (row, verdict) => (await runtime()).answerFollow(row, verdict),
    queued: () => queue.pending(),
    now: ctx.now,
  });
  federationRoutes(ctx.router, service, deliveryLog);

  return {
    federation: service,
    /** The owner's settings: the Mastodon API shows the handle and whether moments federate (issue 42). */
    settings: () => settings.load(),
    /** Puts Fedify's routes in front of ours (Fedify is loaded by the first request to them). */
    mount: (app: FastifyInstance) =>
      mountFederation(app, {
        runtime,
        origin: async () => (await settings.load()).origin,
        blocks: () => service.blockList(),
        rateLimiter: createRateLimiter(ctx.db, ctx.now),
        logger,
      }),
    /** This replica works the queue from now on: at once when rows wait (one query), else on the first enqueue. */
    start(): void {
      if (running) return;
      running = true;
      lookForWork().catch((error: unknown) => logger.error({ err: error }, 'federation: queue not checked'));
    },
    /** Stops the worker; answers once the activities of events already seen are queued. */
    async stop(): Promise<void> {
      running = false;
      abort.abort();
      await outboxTail;
    },
    /** Activities of the events so far are queued (tests wait for it). */
    idle: (): Promise<void> => outboxTail,
    /** Whether Fedify has been imported in this process. */
    loaded: (): boolean => loading !== null,
    /** Removes expired KV entries, and wakes the worker if rows are waiting (another replica's, say). */
    async sweep(): Promise<number> {
      const removed = await kv.sweep();
      await lookForWork();
      return removed;
    },
  };
};
