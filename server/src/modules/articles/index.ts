import { calls } from '@candy/contract';
import type { ModuleContext } from '../context.ts';
import { createArticleRepo } from './repo.ts';
import { createArticlesService } from './service.ts';

export const articlesModule = (ctx: ModuleContext) => {
  const articles = createArticlesService(createArticleRepo(ctx.db));
  ctx.router.route(
    calls.articleDetail,
    ctx.publicCache.handler({ tags: ['article'], view: () => 'visitor' }, async ({ params }) =>
      articles.detail(params.id),
    ),
  );
  return { articles };
};
