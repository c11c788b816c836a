import type { ModuleContext } from '../context.ts';
import { createRevisionRepo } from './repo.ts';
import { createRevisionsService } from './service.ts';

/** The revisions service; its routes are registered once the services that restore exist. */
export const revisionsModule = (ctx: ModuleContext) => ({
  revisions: createRevisionsService({ repo: createRevisionRepo(ctx.db), now: ctx.now }),
});
