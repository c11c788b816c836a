import type { ModuleContext } from '../context.ts';
import { createMomentRepo } from './repo.ts';
import { momentsRoutes } from './routes.ts';
import { createMomentsService } from './service.ts';

export const momentsModule = (ctx: ModuleContext) => {
  const moments = createMomentsService({ repo: createMomentRepo(ctx.db, ctx.dialect), now: ctx.now });
  momentsRoutes(ctx.router, moments, ctx.publicCache, ctx.now);
  return { moments };
};
