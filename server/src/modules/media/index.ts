import { calls } from '@candy/contract';
import type { ModuleContext } from '../context.ts';
import type { ImagesService } from '../images/service.ts';
import { createMediaService } from './service.ts';

/** Media uploads (issue 10: images for essays and moments). */
export const mediaModule = (ctx: ModuleContext, deps: { images: Pick<ImagesService, 'stored'> }) => {
  const media = createMediaService({
    db: ctx.db,
    storage: ctx.storage,
    imageMaxBytes: ctx.config.imageMaxBytes,
    imageMaxPixels: ctx.config.imageMaxPixels,
    stored: deps.images.stored,
    now: ctx.now,
    logger: ctx.logger,
  });
  ctx.router.route(calls.imageUpload, ({ req }) => media.uploadImage(req));
  return { media };
};
