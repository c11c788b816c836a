import { calls } from '@candy/contract';
import type { ModuleContext } from '../context.ts';
import { createImageRepo } from './repo.ts';
import { createImagesService } from './service.ts';

/** The image pipeline (issue 30): resized copies and placeholders of every stored picture. */
export const imagesModule = (ctx: ModuleContext) => {
  const images = createImagesService({
    repo: createImageRepo(ctx.db),
    storage: ctx.storage,
    maxPixels: ctx.config.imageMaxPixels,
    now: ctx.now,
    logger: ctx.logger,
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
  return { images };
};
