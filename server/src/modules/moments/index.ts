import type { ModuleContext } from '../context.ts';
import type { ImagesService } from '../images/service.ts';
import { createMomentRepo } from './repo.ts';
import { momentsRoutes } from './routes.ts';
import { createMomentsService } from './service.ts';
import { createMomentWrites } from './writes.ts';

export const momentsModule = (
  ctx: ModuleContext,
  deps: { images: Pick<ImagesService, 'withPicturesBy'> },
) => {
  const moments = createMomentsService({ repo: createMomentRepo(ctx.db, ctx.dialect), now: ctx.now });
  momentsRoutes(ctx.router, moments, ctx.publicCache, ctx.now, deps.images, ctx.events);
  return { moments, momentWrites: createMomentWrites(moments, ctx.publicCache, ctx.events) };
};
