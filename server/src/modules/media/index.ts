import { calls } from '@candy/contract';
import type { ModuleContext } from '../context.ts';
import { createMediaService } from './service.ts';

/** Media uploads (issue 10: images for essays and moments). */
export const mediaModule = (ctx: ModuleContext) => {
  const media = createMediaService({
    db: ctx.db,
    storage: ctx.storage,
    imageMaxBytes: ctx.config.imageMaxBytes,
    now: ctx.now,
    logger: ctx.logger,
  });
  ctx.router.route(calls.imageUpload, ({ req }) => media.uploadImage(req));
  return { media };
};
