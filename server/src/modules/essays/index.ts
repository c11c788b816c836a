import type { ModuleContext } from '../context.ts';
import { createEssayRepo } from './repo.ts';
import { essaysRoutes } from './routes.ts';
import { createEssaysService } from './service.ts';

export const essaysModule = (ctx: ModuleContext) => {
  const essays = createEssaysService({ repo: createEssayRepo(ctx.db, ctx.dialect), now: ctx.now });
  essaysRoutes(ctx.router, essays, ctx.publicCache);
  return { essays };
};
