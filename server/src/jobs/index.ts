import path from 'node:path';
import { calls } from '@candy/contract';
import { callerLanguage } from '../http/pageLanguage.ts';
import { type Message, said } from '../i18n/said.ts';
import { backupJob, drillJob } from '../modules/backups/jobs.ts';
import type { BackupService } from '../modules/backups/service.ts';
import type { ModuleContext } from '../modules/context.ts';
import type { ReservationPublisher } from '../modules/essays/reservations.ts';
import { cleanUp } from './builtin/cleanup.ts';
import { checkLinks } from './builtin/linkHealth.ts';
import { createJobRepo } from './repo.ts';
import { createScheduler } from './scheduler.ts';
import type { JobDefinition } from './types.ts';

export interface JobDeps {
  reservations: ReservationPublisher;
  /** Exports and publishes the offline snapshot (it commits only what changed). */
  snapshot: () => Promise<Message>;
  /** Applies the revisions' prune rule; answers the report line. */
  pruneRevisions: () => Promise<Message>;
  /** Makes the resized copies of every picture waiting for them; answers the report line. */
  imageVariants: () => Promise<Message>;
  /** Announces queued comment replies to their answered authors (issue 25.3); answers the report line. */
  replyNotices?: () => Promise<Message>;
  /** Sends queued webhook deliveries and their retries (issue 26.5); answers the report line. */
  webhookDeliveries?: () => Promise<Message>;
  /** Sends queued Webmentions for essays' links (issue 29.4); answers the report line. */
  webmentionSend?: () => Promise<Message>;
  /** Verifies received Webmentions (issue 29.4); answers the report line. */
  webmentionVerify?: () => Promise<Message>;
  /** Applies queued imports batch by batch, resuming interrupted ones (issue 27); answers the report line. */
  importBatches?: () => Promise<Message>;
  /** Removes Fedify's expired key-value entries (issue 29); answers how many went. */
  federationSweep?: () => Promise<number>;
  /** Sends the newsletter's confirmation and essay mails at the owner's rate (issue 43); answers the report line. */
  newsletterSend?: () => Promise<Message>;
  /** Encrypted backups to the owner's destination (issue 45); absent = local database copies. */
  backups?: BackupService | null;
  /** More clean-up for the clean-up job (temporary blobs …). */
  sweepers?: (() => Promise<Message>)[];
}

/** Fedify's cache entries past their time (issue 29): its KV store only hides them when read. */
const federationSweepJob = (sweep: () => Promise<number>): JobDefinition => ({
  id: 'federation-sweep',
  name: said('jobs.federation-sweep.name'),
  description: said('jobs.federation-sweep.description'),
  defaultCron: '23 * * * *',
  catchUp: false,
  run: async () => said('jobs.federation-sweep.done', { count: await sweep() }),
});

/** The built-in jobs (issue 12). */
export const builtinJobs = (ctx: ModuleContext, deps: JobDeps): JobDefinition[] => [
  {
    id: 'publish-reservations',
    name: said('jobs.publish-reservations.name'),
    description: said('jobs.publish-reservations.description'),
    defaultCron: '* * * * *',
    catchUp: true,
    async run() {
      const { published } = await deps.reservations.publishDue();
      return published.length > 0
        ? said('jobs.publish-reservations.done', { ids: published.map((id) => `#${id}`).join(', ') })
        : said('jobs.publish-reservations.none');
    },
  },
  {
    id: 'snapshot',
    name: said('jobs.snapshot.name'),
    description: said('jobs.snapshot.description'),
    defaultCron: '17 * * * *',
    catchUp: true,
    run: deps.snapshot,
  },
  {
    id: 'link-health',
    name: said('jobs.link-health.name'),
    description: said('jobs.link-health.description'),
    defaultCron: '*/30 * * * *',
    catchUp: false,
    run: () => checkLinks(ctx.db, { now: ctx.now, invalidate: () => ctx.publicCache.invalidate('link') }),
  },
  backupJob(ctx.config, deps.backups ?? null, ctx.now),
  ...(deps.backups ? [drillJob(deps.backups)] : []),
  {
    id: 'prune-revisions',
    name: said('jobs.prune-revisions.name'),
    description: said('jobs.prune-revisions.description'),
    defaultCron: '40 4 * * *',
    catchUp: false,
    run: deps.pruneRevisions,
  },
  {
    id: 'image-variants',
    name: said('jobs.image-variants.name'),
    description: said('jobs.image-variants.description'),
    defaultCron: '* * * * *',
    catchUp: false,
    run: deps.imageVariants,
  },
  ...(deps.replyNotices
    ? [
        {
          id: 'reply-notices',
          name: said('jobs.reply-notices.name'),
          description: said('jobs.reply-notices.description'),
          defaultCron: '* * * * *',
          catchUp: false,
          run: deps.replyNotices,
        },
      ]
    : []),
  ...(deps.webhookDeliveries
    ? [
        {
          id: 'webhook-deliveries',
          name: said('jobs.webhook-deliveries.name'),
          description: said('jobs.webhook-deliveries.description'),
          defaultCron: '* * * * *',
          catchUp: false,
          run: deps.webhookDeliveries,
        },
      ]
    : []),
  ...(deps.webmentionSend
    ? [
        {
          id: 'webmention-send',
          name: said('jobs.webmention-send.name'),
          description: said('jobs.webmention-send.description'),
          defaultCron: '* * * * *',
          catchUp: false,
          run: deps.webmentionSend,
        },
      ]
    : []),
  ...(deps.webmentionVerify
    ? [
        {
          id: 'webmention-verify',
          name: said('jobs.webmention-verify.name'),
          description: said('jobs.webmention-verify.description'),
          defaultCron: '* * * * *',
          catchUp: false,
          run: deps.webmentionVerify,
        },
      ]
    : []),
  ...(deps.importBatches
    ? [
        {
          id: 'import-batches',
          name: said('jobs.import-batches.name'),
          description: said('jobs.import-batches.description'),
          defaultCron: '* * * * *',
          catchUp: false,
          run: deps.importBatches,
        },
      ]
    : []),
  ...(deps.federationSweep ? [federationSweepJob(deps.federationSweep)] : []),
  ...(deps.newsletterSend
    ? [
        {
          id: 'newsletter-send',
          name: said('jobs.newsletter-send.name'),
          description: said('jobs.newsletter-send.description'),
          defaultCron: '* * * * *',
          catchUp: false,
          run: deps.newsletterSend,
        },
      ]
    : []),
  {
    id: 'cleanup',
    name: said('jobs.cleanup.name'),
    description: said('jobs.cleanup.description', { days: ctx.config.logRetentionDays }),
    defaultCron: '0 4 * * *',
    catchUp: false,
    run: () =>
      cleanUp(ctx.db, {
        now: ctx.now(),
        logDir: path.join(ctx.config.dataDir, 'logs'),
        logDays: ctx.config.logRetentionDays,
        sweepers: deps.sweepers,
      }),
  },
];

/** The scheduler and its calls; `start()` is main.ts's (tests fire jobs by hand). */
export const jobsModule = (ctx: ModuleContext, deps: JobDeps) => {
  const scheduler = createScheduler({
    repo: createJobRepo(ctx.db),
    jobs: builtinJobs(ctx, deps),
    notify: ctx.notify,
    logger: ctx.logger,
    now: ctx.now,
    language: ctx.config.siteLanguage,
  });
  let ready: Promise<void> | null = null;
  const initialised = () => {
    ready ??= scheduler.init();
    return ready;
  };
  // The jobs' names and descriptions in the caller's language; their reports stay as they were kept.
  ctx.router.route(calls.jobList, async ({ req }) => {
    await initialised();
    return scheduler.list(callerLanguage(req));
  });
  ctx.router.route(calls.jobFire, async ({ params, req }) => {
    await initialised();
    return scheduler.fire(params.id, callerLanguage(req));
  });
  ctx.router.route(calls.jobUpdate, async ({ params, body, req }) => {
    await initialised();
    return scheduler.update(params.id, body, callerLanguage(req));
  });
  return { scheduler };
};
