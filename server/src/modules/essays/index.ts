import type { ModuleContext } from '../context.ts';
import type { ImagesService } from '../images/service.ts';
import type { RevisionsService } from '../revisions/service.ts';
import { createEssayRepo } from './repo.ts';
import { essaysRoutes } from './routes.ts';
import { createEssaysService } from './service.ts';

export const essaysModule = (
  ctx: ModuleContext,
  deps: { revisions: RevisionsService; images: Pick<ImagesService, 'withPictures' | 'withPicturesOf'> },
) => {
  const essays = createEssaysService({
    repo: createEssayRepo(ctx.db, ctx.dialect),
    revisions: deps.revisions,
    now: ctx.now,
  });
  essaysRoutes(ctx.router, essays, ctx.publicCache, deps.images);
  return { essays };
};
