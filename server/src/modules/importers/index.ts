import fs from 'node:fs';
import path from 'node:path';
import { createOutbound } from '../../net/outbound.ts';
import { createLocalStorage } from '../../storage/index.ts';
import type { ArticlesService } from '../articles/service.ts';
import type { ModuleContext } from '../context.ts';
import type { MediaService } from '../media/service.ts';
import { createImportRepo } from './repo.ts';
import { importRoutes } from './routes.ts';
import { createImportRunner } from './runner.ts';
import { createImportService } from './service.ts';

/**
 * Largest export accepted for upload (streamed to disk, parsed in a child with a capped heap); what
 * it may inflate to is capped by the extractor. Larger exports go through `npm run import-from`.
 */
const MAX_UPLOAD_BYTES = 128 * 1024 * 1024;
/** Pictures fetched from one old host in one import. */
const PER_HOST_LIMIT = 2000;

/** Uploads a crash left behind while they were parsed (an hour old: no parse runs that long). */
const clearStaleSpool = (dir: string, now: number) => {
  let names: string[];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const file = path.join(dir, name);
    fs.stat(file, (error, stat) => {
      if (!error && now - stat.mtimeMs > 3600_000) fs.rm(file, { force: true }, () => undefined);
    });
  }
};

/**
 * Moving in (issue 27): exports from other platforms are parsed and previewed on upload, then
 * applied by the `import-batches` job; old addresses answer 301 through `resolveOldPath`.
 */
export const importersModule = (
  ctx: ModuleContext,
  deps: { media: Pick<MediaService, 'storeBytes'>; articles: Pick<ArticlesService, 'update'> },
) => {
  const repo = createImportRepo(ctx.db);
  const progressListeners = new Set<(jobId: number, done: number, total: number) => void>();
  let kickJob: (() => Promise<unknown>) | null = null;
  const runner = createImportRunner({
    db: ctx.db,
    outbound: createOutbound(ctx.config.outbound, { userAgent: 'CandyJar-Import' }),
    storePicture: async (bytes) => (await deps.media.storeBytes(bytes)).url,
    writeAbout: async (content) => {
      await deps.articles.update(1, content);
    },
    changed: () => {
      ctx.publicCache.invalidate('essay');
      ctx.publicCache.invalidate('article');
    },
    pictureMaxBytes: ctx.config.imageMaxBytes,
    perHostLimit: PER_HOST_LIMIT,
    language: ctx.config.siteLanguage,
    now: ctx.now,
    batchSize: ctx.config.importBatchSize,
    progress: (jobId, done, total) => {
      for (const listener of progressListeners) listener(jobId, done, total);
    },
  });
  const spoolDir = path.join(ctx.config.dataDir, 'tmp', 'imports');
  clearStaleSpool(spoolDir, ctx.now());
  const imports = createImportService({
    repo,
    spool: { storage: createLocalStorage(spoolDir), pathOf: (key) => path.join(spoolDir, key) },
    kick: () => {
      void kickJob?.().catch((error: unknown) =>
        ctx.logger.warn({ err: error }, 'import-batches not started'),
      );
    },
    maxUploadBytes: MAX_UPLOAD_BYTES,
    language: ctx.config.siteLanguage,
    now: ctx.now,
  });
  importRoutes(ctx.router, imports);
  return {
    imports,
    runner,
    /** Hears of every batch this process commits; answers how to stop listening. */
    onProgress(listener: (jobId: number, done: number, total: number) => void): () => void {
      progressListeners.add(listener);
      return () => progressListeners.delete(listener);
    },
    attachRunner(run: () => Promise<unknown>): void {
      kickJob = run;
    },
  };
};
