import path from 'node:path';
import type { ModuleContext } from '../context.ts';
import type { ImagesService } from '../images/service.ts';
import { createVideoRepo } from './repo.ts';
import { videosRoutes } from './routes.ts';
import { createVideosService } from './service.ts';
import { createVideoSources } from './sources.ts';
import { createVideoWorker } from './worker.ts';

/**
 * Video clips and collections (issue 15). The worker is started and stopped by the app with the
 * server (`onReady`/`onClose`), so one-off commands that build the app never process clips.
 */
export const videosModule = (
  ctx: ModuleContext,
  deps: { images: Pick<ImagesService, 'registerStored' | 'forget' | 'picturesByKey'> },
) => {
  const repo = createVideoRepo(ctx.db);
  const sources = createVideoSources({ root: ctx.config.videoSourceDir, repo });
  const changed = () => ctx.publicCache.invalidate('video');
  const worker = createVideoWorker({
    repo,
    sources,
    storage: ctx.storage,
    logger: ctx.logger,
    concurrency: ctx.config.videoWorkers,
    tmpDir: path.join(ctx.config.dataDir, 'tmp', 'video'),
    onChange: changed,
    notify: ctx.notify,
    language: ctx.config.siteLanguage,
    images: deps.images,
  });
  const videos = createVideosService({
    repo,
    sources,
    worker,
    storage: ctx.storage,
    apiBase: ctx.config.apiBasePath,
    language: ctx.config.siteLanguage,
    now: ctx.now,
    changed,
    images: deps.images,
  });
  videosRoutes(ctx.router, {
    videos,
    sources,
    storage: ctx.storage,
    cache: ctx.publicCache,
    uploadMax: ctx.config.videoUploadMax,
  });
  return { videos, worker };
};
