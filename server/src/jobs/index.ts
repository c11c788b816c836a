import path from 'node:path';
import { calls } from '@candy/contract';
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
  snapshot: () => Promise<string>;
  /** Applies the revisions' prune rule; answers the report line. */
  pruneRevisions: () => Promise<string>;
  /** Makes the resized copies of every picture waiting for them; answers the report line. */
  imageVariants: () => Promise<string>;
  /** Announces queued comment replies to their answered authors (issue 25.3); answers the report line. */
  replyNotices?: () => Promise<string>;
  /** Sends queued webhook deliveries and their retries (issue 26.5); answers the report line. */
  webhookDeliveries?: () => Promise<string>;
  /** Sends queued Webmentions for essays' links (issue 29.4); answers the report line. */
  webmentionSend?: () => Promise<string>;
  /** Verifies received Webmentions (issue 29.4); answers the report line. */
  webmentionVerify?: () => Promise<string>;
  /** Applies queued imports batch by batch, resuming interrupted ones (issue 27); answers the report line. */
  importBatches?: () => Promise<string>;
  /** Removes Fedify's expired key-value entries (issue 29); answers how many went. */
  federationSweep?: () => Promise<number>;
  /** Sends the newsletter's confirmation and essay mails at the owner's rate (issue 43); answers the report line. */
  newsletterSend?: () => Promise<string>;
  /** Encrypted backups to the owner's destination (issue 45); absent = local database copies. */
  backups?: BackupService | null;
  /** More clean-up for the clean-up job (temporary blobs …). */
  sweepers?: (() => Promise<string>)[];
}

/** Fedify's cache entries past their time (issue 29): its KV store only hides them when read. */
const federationSweepJob = (sweep: () => Promise<number>): JobDefinition => ({
  id: 'federation-sweep',
  name: '联邦缓存清理',
  description:
    '删除联邦宇宙过期的缓存（远端文档、公钥、已处理的活动编号），并让投递队列看看有没有到时间的投递。',
  defaultCron: '23 * * * *',
  catchUp: false,
  run: async () => `删除了 ${await sweep()} 条过期缓存`,
});

/** The built-in jobs (issue 12). */
export const builtinJobs = (ctx: ModuleContext, deps: JobDeps): JobDefinition[] => [
  {
    id: 'publish-reservations',
    name: '发布定时随笔',
    description: '把到时间的定时随笔的副作用（通知、审计、离线快照）跑一次；停机期间到期的在启动时补上。',
    defaultCron: '* * * * *',
    catchUp: true,
    async run() {
      const { published } = await deps.reservations.publishDue();
      return published.length > 0 ? `发布了 ${published.map((id) => `#${id}`).join(', ')}` : '没有到期的随笔';
    },
  },
  {
    id: 'snapshot',
    name: '导出离线快照',
    description: '导出公开数据的离线快照，有变化时提交（并推送到 SNAPSHOT_GIT_REMOTE）。',
    defaultCron: '17 * * * *',
    catchUp: true,
    run: deps.snapshot,
  },
  {
    id: 'link-health',
    name: '友链体检',
    description:
      '逐个访问友链（HEAD，再 GET）：正常的连续失败 3 次变为“失联”，失联的恢复后变回正常，单向链接不动。',
    defaultCron: '*/30 * * * *',
    catchUp: false,
    run: () => checkLinks(ctx.db, { now: ctx.now, invalidate: () => ctx.publicCache.invalidate('link') }),
  },
  backupJob(ctx.config, deps.backups ?? null, ctx.now),
  ...(deps.backups ? [drillJob(deps.backups)] : []),
  {
    id: 'prune-revisions',
    name: '清理旧版本',
    description: '随笔和关于页的历史版本：最近 30 天的全部保留，更早的每篇每天只留最后一个。',
    defaultCron: '40 4 * * *',
    catchUp: false,
    run: deps.pruneRevisions,
  },
  {
    id: 'image-variants',
    name: '图片尺寸',
    description:
      '给上传的图片做各个宽度的 AVIF、WebP 和原格式副本与模糊占位图；上传后马上运行，失败的稍后重试，最多 3 次。',
    defaultCron: '* * * * *',
    catchUp: false,
    run: deps.imageVariants,
  },
  ...(deps.replyNotices
    ? [
        {
          id: 'reply-notices',
          name: '评论回复通知',
          description:
            '告诉被回复的访客：推送到他订阅的浏览器，勾选了邮件通知的发邮件（同一讨论每小时最多一封）。回复后马上运行，失败的稍后重试，最多 5 次。',
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
          name: 'Webhook 投递',
          description:
            '把排队的 Webhook 签名后发给各端点；事件发生后马上运行，失败的在 1 分钟、5 分钟、30 分钟、2 小时后重试，之后记为失败。',
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
          name: '发送 Webmention',
          description:
            '随笔发布或修改后，给它新链接到（或不再链接到）的页面发 Webmention（先找端点）；失败的在 1 分钟、10 分钟、1 小时后重试。',
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
          name: '验证 Webmention',
          description:
            '收到的 Webmention：取来源页面，确认它链接到本站随笔后读出作者和内容，作为评论或点赞、转发显示；不再链接的撤下。',
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
          name: '导入搬家',
          description:
            '把已确认的导入（WordPress 等）分批写入，每批一个事务；点“开始导入”后马上运行，中断（重启、超时）后从下一批接着做。',
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
          name: '订阅邮件',
          description:
            '给订阅者发确认邮件和新随笔：每分钟最多发「订阅者」页设置的封数（默认 30），每位订阅者每篇只发一次；中断后接着发，被拒收的地址标为无效不再发。',
          defaultCron: '* * * * *',
          catchUp: false,
          run: deps.newsletterSend,
        },
      ]
    : []),
  {
    id: 'cleanup',
    name: '清理',
    description: `删除过期的握手、30 天前的登录记录、用完的限流窗口、失效 30 天的访问密钥和 ${ctx.config.logRetentionDays} 天前的日志文件。`,
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
  });
  let ready: Promise<void> | null = null;
  const initialised = () => {
    ready ??= scheduler.init();
    return ready;
  };
  ctx.router.route(calls.jobList, async () => {
    await initialised();
    return scheduler.list();
  });
  ctx.router.route(calls.jobFire, async ({ params }) => {
    await initialised();
    return scheduler.fire(params.id);
  });
  ctx.router.route(calls.jobUpdate, async ({ params, body }) => {
    await initialised();
    return scheduler.update(params.id, body);
  });
  return { scheduler };
};
