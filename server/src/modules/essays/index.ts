import type { ModuleContext } from '../context.ts';
import type { RevisionsService } from '../revisions/service.ts';
import { createEssayRepo } from './repo.ts';
import { essaysRoutes } from './routes.ts';
import { createEssaysService } from './service.ts';

export const essaysModule = (ctx: ModuleContext, deps: { revisions: RevisionsService }) => {
  const essays = createEssaysService({
    repo: createEssayRepo(ctx.db, ctx.dialect),
    revisions: deps.revisions,
    now: ctx.now,
  });
  essaysRoutes(ctx.router, essays, ctx.publicCache);
  return { essays };
};
