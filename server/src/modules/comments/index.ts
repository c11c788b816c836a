import { createRateLimiter } from '../../http/rateLimit.ts';
import type { ModuleContext } from '../context.ts';
import type { MetaService } from '../meta/service.ts';
import { createAntiSpam } from './antiSpam.ts';
import { createCommentRepo } from './repo.ts';
import { commentsRoutes } from './routes.ts';
import { type CommentNotifier, createCommentService } from './service.ts';
import { type ArticleExistence, type EssayVisibility, serviceTargets } from './targets.ts';

export interface CommentsModuleDeps {
  meta: MetaService;
  /** Answer whether the caller may see (and so comment on) an essay or an article. */
  essays: EssayVisibility;
  articles: ArticleExistence;
  /** Tells the owner of new comments; logs them until the push module exists. */
  notifier?: CommentNotifier;
}

export const commentsModule = (ctx: ModuleContext, deps: CommentsModuleDeps) => {
  const repo = createCommentRepo(ctx.db);
  const notifier: CommentNotifier = deps.notifier ?? {
    notifyOwner: async (notice) => {
      ctx.logger.info({ comment: notice }, 'new comment');
    },
  };
  const comments = createCommentService({
    repo,
    targets: serviceTargets(deps.essays, deps.articles),
    antiSpam: createAntiSpam({
      repo,
      meta: deps.meta,
      rateLimiter: createRateLimiter(ctx.db, ctx.now),
      now: ctx.now,
    }),
    meta: deps.meta,
    notifier,
    logger: ctx.logger,
    now: ctx.now,
  });
  commentsRoutes(ctx.router, comments);
  return { comments };
};
