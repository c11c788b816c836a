import fs from 'node:fs';
import path from 'node:path';
import { said } from '../i18n/said.ts';
import { jobsModule } from '../jobs/index.ts';
import { runSnapshot, snapshotTags } from '../snapshot/index.ts';
import { snapshotSummary } from '../snapshot/summary.ts';
import { createSnapshotTrigger } from '../snapshot/trigger.ts';
import { transferRoutes } from '../transfer/routes.ts';
import { analyticsModule } from './analytics/index.ts';
import { articlesModule } from './articles/index.ts';
import { authModule } from './auth/index.ts';
import { backupsModule } from './backups/index.ts';
import { bangumiModule } from './bangumi/index.ts';
import { commentsModule } from './comments/index.ts';
import type { ModuleContext } from './context.ts';
import { dashboardModule } from './dashboard/index.ts';
import { devicesModule } from './devices/index.ts';
import { emotesModule } from './emotes/index.ts';
import { essaysModule } from './essays/index.ts';
import { createReservationPublisher } from './essays/reservations.ts';
import { essayWriteRoutes } from './essays/writeRoutes.ts';
import { createEssayWrites } from './essays/writes.ts';
import { federationModule } from './federation/index.ts';
import { filesModule } from './files/index.ts';
import { docsModule, healthModule } from './health/index.ts';
import { hitokotoModule } from './hitokoto/index.ts';
import { picturesInFolders } from './images/adopt.ts';
import { imagesModule } from './images/index.ts';
import { pictureUrlsOf } from './images/service.ts';
import { importersModule } from './importers/index.ts';
import { linksModule } from './links/index.ts';
import { mastodonModule } from './mastodon/index.ts';
import { mediaModule } from './media/index.ts';
import { metaModule } from './meta/index.ts';
import { momentsModule } from './moments/index.ts';
import { musicModule } from './music/index.ts';
import { newsletterModule } from './newsletter/index.ts';
import { oauthModule } from './oauth/index.ts';
import { parkingModule } from './parking/index.ts';
import { pushModule } from './push/index.ts';
import { revisionsModule } from './revisions/index.ts';
import { revisionsRoutes } from './revisions/routes.ts';
import { securityModule } from './security/index.ts';
import { systemModule } from './system/index.ts';
import { todosModule } from './todos/index.ts';
import { tokensModule } from './tokens/index.ts';
import { videosModule } from './videos/index.ts';
import { waifuModule } from './waifu/index.ts';
import { webhooksModule } from './webhooks/index.ts';
import { webmentionModule } from './webmention/index.ts';
import { threadStore } from './webmention/threadStore.ts';

/**
 * Builds every domain module in dependency order and registers its routes. A module receives the
 * services it uses explicitly; the returned services feed the scheduler and the snapshot exporter.
 */
export const registerModules = (base: ModuleContext) => {
  // Push comes first: every other module tells the owner things through its `notify`.
  const { push } = pushModule(base);
  const ctx: ModuleContext = { ...base, notify: push.notify };
  // Listens on the event bus before any module can emit.
  const webhooks = webhooksModule(ctx);
  const { meta } = metaModule(ctx);
  const { system, handshakes } = systemModule(ctx, { meta });
  const auth = authModule(ctx, { handshakes });
  securityModule(ctx, { auth: auth.auth });
  const { oauth, protocolRoutes: oauthProtocolRoutes } = oauthModule(ctx, { ownerName: auth.auth.ownerName });
  const { tokens } = tokensModule(ctx, {
    ownerGuard: auth.guard,
    ownerName: auth.auth.ownerName,
    apps: oauth,
  });
  const { revisions } = revisionsModule(ctx);
  const { images } = imagesModule(ctx);
  const { essays } = essaysModule(ctx, { revisions, images });
  const { articles } = articlesModule(ctx, { revisions, images });
  const { links } = linksModule(ctx);
  const { hitokoto, hitokotoFastRead } = hitokotoModule(ctx);
  const { bangumi } = bangumiModule(ctx, { images });
  const { waifu } = waifuModule(ctx, { images });
  const { moments, momentWrites } = momentsModule(ctx, { images });
  // Pictures stored before the pipeline (issue 30): the backfill finds them through their modules.
  images.addSource(async () => await waifu.list());
  // Anime covers and video frames register themselves now; those stored before are found by folder.
  images.addSource(picturesInFolders(ctx.storage, ['bangumi/', 'videos/']));
  images.addSource(() => moments.pictures());
  images.addSource(async () =>
    (await essays.contents()).flatMap((content) => pictureUrlsOf(content).map((url) => ({ url }))),
  );
  const comments = commentsModule(ctx, { meta, essays, articles, moments, channels: push.visitorChannels });
  // A password login after repeated failures proves work with the comment form's ALTCHA (issue 40.4).
  auth.auth.attachProofOfWork(comments.proof);
  // Verified mentions join the one comment thread (DESIGN §11) through its remote service.
  const webmention = webmentionModule(ctx, {
    essays,
    store: threadStore(comments.remote, ctx.config.siteLanguage),
    // Read at request time, once the importers below exist.
    resolveOldPath: (url) => importers.imports.resolveOldPath(url),
  });
  const federation = federationModule(ctx, { meta, essays, moments, articles, remote: comments.remote });
  const newsletter = newsletterModule(ctx, {
    meta,
    proof: comments.proof,
    channels: push.visitorChannels,
    essays,
    images,
  });
  const music = musicModule(ctx);
  const emotes = emotesModule(ctx);
  const videos = videosModule(ctx, { images });
  const { media } = mediaModule(ctx, { images });
  const importers = importersModule(ctx, { media, articles });
  const { todos } = todosModule(ctx);
  healthModule(ctx);
  docsModule(ctx);
  transferRoutes(ctx);
  dashboardModule(ctx, { essays, comments: comments.comments, moments, bangumi, waifu });
  const reservations = createReservationPublisher({
    essays,
    notify: ctx.notify,
    events: ctx.events,
    recordAudit: (essayId) =>
      auth.audit.record({
        username: 'system',
        method: 'PUBLISH',
        path: `/blog/essay/${essayId}`,
        status: 200,
        ip: '',
      }),
    invalidate: () => ctx.publicCache.invalidate('essay'),
    logger: ctx.logger,
    now: ctx.now,
  });
  const essayWrites = createEssayWrites({
    essays,
    comments: comments.comments,
    publisher: reservations,
    cache: ctx.publicCache,
    events: ctx.events,
    now: ctx.now,
  });
  essayWriteRoutes(ctx.router, { essays, writes: essayWrites });
  const mastodon = mastodonModule(ctx, {
    oauth,
    moments,
    momentWrites,
    essays,
    essayWrites,
    images,
    media,
    emotes: emotes.emotes,
    received: comments.received,
    ownerName: auth.auth.ownerName,
    federation: federation.settings,
    recordWrite: auth.audit.record,
  });
  // A restore saves through the target's own service, which keeps the new revision and drops caches.
  revisionsRoutes(ctx.router, revisions, {
    essay: async (id, content) => {
      const essay = await essays.update(id, { content });
      ctx.publicCache.invalidate('essay');
      return essay;
    },
    article: async (id, content) => {
      const article = await articles.update(id, content);
      ctx.publicCache.invalidate('article');
      return article;
    },
  });
  const files = filesModule(ctx);
  const { backups } = backupsModule(ctx);
  const { scheduler } = jobsModule(ctx, {
    backups,
    sweepers: [
      files.buffers.sweepExpired,
      async () => {
        const { pushed, pushError } = await files.repository.retryPush();
        return pushError
          ? said('files.pushFailed', { reason: pushError })
          : said(pushed ? 'files.pushed' : 'files.nothingToPush');
      },
    ],
    reservations,
    replyNotices: () => comments.replyNotices.run(Date.now() + 50_000),
    webhookDeliveries: () => webhooks.deliveries.run(Date.now() + 50_000),
    webmentionSend: () => webmention.sender.run(Date.now() + 50_000),
    webmentionVerify: () => webmention.verifier.run(Date.now() + 50_000),
    importBatches: () => importers.runner.run({ deadline: Date.now() + 50_000 }),
    federationSweep: () => federation.sweep(),
    newsletterSend: () => newsletter.sender.run(Date.now() + 50_000),
    pruneRevisions: async () => said('revisions.pruned', { count: await revisions.prune() }),
    imageVariants: async () => {
      // Stops in time for the next minute's tick; what is left waits for it.
      const done = await images.processPending({ deadline: ctx.now() + 50_000 });
      const { pending } = await images.status();
      return said('images.variantsDone', {
        ready: done.ready,
        skip: done.skip,
        failed: done.failed,
        pending,
      });
    },
    snapshot: async () => {
      const run = await runSnapshot(modules, ctx.config, { now: ctx.now() });
      const changed = run.export.changed.length;
      const outcome = run.publish?.committed
        ? said(run.publish.pushed ? 'snapshot.committedPushed' : 'snapshot.committed', { changed })
        : said('snapshot.unchanged');
      return said('snapshot.done', {
        outcome,
        summary: snapshotSummary(run.export.manifest.counts, ctx.config.siteLanguage),
      });
    },
  });
  images.attachRunner(() => scheduler.runNow('image-variants', 'change'));
  comments.replyNotices.attachRunner(() => scheduler.runNow('reply-notices', 'change'));
  webhooks.webhooks.attachRunner(() => scheduler.runNow('webhook-deliveries', 'change'));
  webmention.sender.attachRunner(() => scheduler.runNow('webmention-send', 'change'));
  webmention.verifier.attachRunner(() => scheduler.runNow('webmention-verify', 'change'));
  importers.attachRunner(() => scheduler.runNow('import-batches', 'change'));
  newsletter.attachRunner(() => scheduler.runNow('newsletter-send', 'change'));
  // Offline data follows public writes (each announces itself by invalidating its cached answers)
  // and exists from the first start: both run the snapshot job above, under its lease.
  const snapshotTrigger = createSnapshotTrigger({
    run: (reason) => scheduler.runNow('snapshot', reason),
    debounceMs: ctx.config.snapshotDebounceMs,
    missing: () => !fs.existsSync(path.join(ctx.config.snapshotDir, 'manifest.json')),
    logger: ctx.logger,
  });
  ctx.publicCache.onInvalidate((tag) => {
    if (snapshotTags.has(tag)) snapshotTrigger.changed();
  });
  const analytics = analyticsModule(ctx);
  devicesModule(ctx);
  parkingModule(ctx);
  const modules = {
    meta,
    system,
    handshakes,
    auth,
    essays,
    articles,
    links,
    hitokoto,
    hitokotoFastRead,
    bangumi,
    waifu,
    moments,
    comments,
    music,
    emotes,
    reservations,
    media,
    videos,
    scheduler,
    todos,
    snapshotTrigger,
    analytics,
    push,
    files,
    revisions,
    images,
    webhooks: webhooks.webhooks,
    webmention,
    tokens,
    importers,
    federation,
    newsletter,
    oauth,
    /** The apps' paths (issue 42), registered by app.ts in their own scope. */
    apps: { oauth: oauthProtocolRoutes, mastodon: mastodon.protocolRoutes },
  };
  return modules;
};

export type Modules = ReturnType<typeof registerModules>;
