import { calls } from '@candy/contract';
import type { ModuleContext } from '../context.ts';
import { createImageRepo } from './repo.ts';
import { createImagesService } from './service.ts';
import { builtVariantsEntry } from './variantsProcess.ts';

/** The image pipeline (issue 30): resized copies and placeholders of every stored picture. */
export const imagesModule = (ctx: ModuleContext) => {
  const images = createImagesService({
    repo: createImageRepo(ctx.db),
    storage: ctx.storage,
    maxPixels: ctx.config.imageMaxPixels,
    now: ctx.now,
    logger: ctx.logger,
    language: ctx.config.siteLanguage,
    variantsEntry: builtVariantsEntry(),
    // Cached answers that show pictures now have their copies to offer.
    changed: () => {
      for (const tag of ['essay', 'article', 'moment', 'waifu', 'bangumi', 'video'] as const)
        ctx.publicCache.invalidate(tag);
    },
  });
  ctx.router.route(calls.imageVariantStatus, () => images.status());
  ctx.router.route(calls.imageVariantRetry, async () => {
    const retried = await images.retryFailed();
    return { ...(await images.status()), retried };
  });
  ctx.router.route(calls.imageVariantAdopt, async () => {
    await images.sweepUnfinished();
    const adopted = await images.adoptStored();
    const status = await images.status();
    if (status.pending > 0) images.stored();
    return { ...status, ...adopted };
  });
  return { images };
};
