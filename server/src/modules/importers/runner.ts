import type { Language } from '@candy/contract/languages';
import type { Db } from '../../db/index.ts';
import { type Message, messageOf, said, sayIn } from '../../i18n/said.ts';
import type { Outbound } from '../../net/outbound.ts';
import { writeMoment } from './applyMoment.ts';
import { type PostWork, threadOrder, writeComment, writePost } from './applyRows.ts';
import { bundleFromJson } from './bundleJson.ts';
import { carryPictures } from './pictures.ts';
import { createImportRepo, type ImportJobRow } from './repo.ts';
import type { ImportOptions, ImportReport } from './report.ts';
import { withTitleHeading } from './titleHeading.ts';
import type { ImportBundle } from './types.ts';

export interface RunnerDeps {
  db: Db;
  outbound: Outbound;
  storePicture: (bytes: Uint8Array) => Promise<string>;
  /** Replaces the about page (only with "overwrite"). */
  writeAbout: (content: string) => Promise<void>;
  /** Public caches and the snapshot follow the new content. */
  changed: () => void;
  pictureMaxBytes: number;
  perHostLimit: number;
  /** The site's language (SITE_LANGUAGE): reports and reasons are kept in it. */
  language: Language;
  now: () => number;
  /** Posts per batch (`IMPORT_BATCH_SIZE`); comments, being small, go five times as many. */
  batchSize?: number;
  /** Told after each committed batch: how far the import is (the CLI prints it). */
  progress?: (jobId: number, done: number, total: number) => void;
}

export const POST_BATCH = 10;

/**
 * Work units of an import: its posts oldest first (lists go by date; the new ids then follow the
 * dates too), then its comments in thread order. Deterministic: a resumed import
 * sees the same order.
 */
export const unitsOf = (bundle: ImportBundle) => ({
  posts: bundle.posts
    .map((post, index) => ({ post, index }))
    .sort((a, b) => a.post.publishedAt - b.post.publishedAt || a.index - b.index)
    .map(({ post }) => post),
  comments: threadOrder(bundle.comments),
});

/**
 * Applies imports batch by batch (the `import-batches` job). Each batch is one transaction that also
 * moves the import's cursor, so an import stopped anywhere — a crash, a deploy, the job's deadline —
 * resumes at the first batch not committed, and items already mapped are never made twice.
 */
export const createImportRunner = (deps: RunnerDeps) => {
  const repo = createImportRepo(deps.db);
  const postBatchSize = deps.batchSize ?? POST_BATCH;
  const commentBatchSize = postBatchSize * 5;
  const bundles = new Map<number, ImportBundle>();
  const bundleOf = (job: ImportJobRow) => {
    let bundle = bundles.get(job.id);
    if (!bundle) {
      bundle = bundleFromJson(job.bundle);
      bundles.clear();
      bundles.set(job.id, bundle);
    }
    return bundle;
  };

  const postBatch = async (
    job: ImportJobRow,
    options: ImportOptions,
    report: ImportReport,
    cursor: number,
  ) => {
    const { posts } = unitsOf(bundleOf(job));
    const batch = posts.slice(cursor, cursor + postBatchSize);
    // Network and other services first, outside the transaction (it must not wait on a remote host).
    const work: PostWork[] = [];
    for (const post of batch) {
      const existing = await repo.findItem(job.platform, 'post', post.sourceId);
      // A hidden memo stays behind: moments have no hidden state, and every moment is shown to the
      // dark key's holders.
      if ((post.kind === 'moment' && post.hidden) || (existing && !options.overwrite)) {
        work.push({ post, content: null, existingId: existing?.target_id ?? null });
        continue;
      }
      const carried = await carryPictures(post, {
        repo,
        platform: job.platform,
        fetch: options.fetchPictures,
        outbound: deps.outbound,
        store: deps.storePicture,
        maxBytes: deps.pictureMaxBytes,
        perHostLimit: deps.perHostLimit,
        hostCounts: report.hostCounts,
        now: deps.now,
        language: deps.language,
      });
      report.pictures += carried.stored;
      const known = new Set(report.failedPictures.map((f) => `${f.sourceId} ${f.url}`));
      report.failedPictures.push(...carried.failed.filter((f) => !known.has(`${f.sourceId} ${f.url}`)));
      const replacesAbout = post.kind === 'about' && options.overwrite;
      if (replacesAbout) await deps.writeAbout(carried.content);
      work.push({
        post,
        content: withTitleHeading(post, carried.content),
        existingId: existing?.target_id ?? null,
        ...(replacesAbout ? { targetPath: '/about' } : {}),
      });
    }
    return { size: batch.length, work };
  };

  /** Runs one batch of `job`; answers whether the import is finished. */
  const runBatch = async (job: ImportJobRow): Promise<boolean> => {
    const options = JSON.parse(job.options) as ImportOptions;
    const report = JSON.parse(job.report) as ImportReport;
    const { posts, comments } = unitsOf(bundleOf(job));
    const cursor = job.cursor;
    const now = deps.now();
    let size = 0;
    if (cursor < posts.length) {
      const prepared = await postBatch(job, options, report, cursor);
      size = prepared.size;
      await deps.db.transaction().execute(async (trx) => {
        const tx = createImportRepo(trx);
        for (const work of prepared.work) {
          const ctx = { platform: job.platform, now, report };
          if (work.post.kind === 'moment' && work.content !== null) {
            await writeMoment(trx, tx, { ...work, content: work.content }, ctx);
          } else await writePost(trx, tx, work, ctx);
        }
        await tx.updateJob(job.id, {
          cursor: cursor + size,
          report: JSON.stringify(report),
          status: 'running',
          updated_at: now,
        });
      });
    } else {
      const batch = comments.slice(cursor - posts.length, cursor - posts.length + commentBatchSize);
      size = batch.length;
      await deps.db.transaction().execute(async (trx) => {
        const tx = createImportRepo(trx);
        for (const comment of batch) {
          await writeComment(trx, tx, comment, {
            platform: job.platform,
            now,
            report,
            overwrite: options.overwrite,
          });
        }
        await tx.updateJob(job.id, {
          cursor: cursor + size,
          report: JSON.stringify(report),
          status: 'running',
          updated_at: now,
        });
      });
    }
    deps.changed();
    deps.progress?.(job.id, cursor + size, job.total);
    const finished = cursor + size >= job.total;
    if (finished) await repo.updateJob(job.id, { status: 'done', updated_at: deps.now() });
    return finished;
  };

  return {
    /**
     * Works through pending imports until none is left, the deadline passes, or `maxBatches` batches
     * ran (tests stop there to simulate a crash between batches). Answers the report line.
     */
    async run(options: { deadline?: number; maxBatches?: number } = {}): Promise<Message> {
      let batches = 0;
      let finished = 0;
      for (;;) {
        if (options.maxBatches !== undefined && batches >= options.maxBatches) break;
        if (options.deadline !== undefined && Date.now() > options.deadline) break;
        const job = await repo.nextPending();
        if (!job) break;
        try {
          if (await runBatch(job)) finished += 1;
        } catch (error) {
          // A batch that fails stops its import with the reason; nothing of that batch was written.
          await repo.updateJob(job.id, {
            status: 'failed',
            error: sayIn(deps.language, messageOf(error)),
            updated_at: deps.now(),
          });
        }
        batches += 1;
      }
      const pending = await repo.nextPending();
      return said(pending ? 'importers.jobDonePending' : 'importers.jobDone', { batches, finished });
    },
  };
};

export type ImportRunner = ReturnType<typeof createImportRunner>;
