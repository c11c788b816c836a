import { calls } from '@candy/contract';
import type { ModuleContext } from '../context.ts';
import type { ImagesService } from '../images/service.ts';
import type { RevisionsService } from '../revisions/service.ts';
import { createArticleRepo } from './repo.ts';
import { createArticlesService } from './service.ts';

export const articlesModule = (
  ctx: ModuleContext,
  deps: { revisions: RevisionsService; images: Pick<ImagesService, 'withPictures' | 'withPicturesOf'> },
) => {
  const articles = createArticlesService(createArticleRepo(ctx.db), deps.revisions, ctx.now);
  ctx.router.route(calls.articleUpdate, async ({ params, body }) => {
    const article = await articles.update(params.id, body.content);
    ctx.publicCache.invalidate('article');
    return article;
  });
  ctx.router.route(
    calls.articleDetail,
    ctx.publicCache.handler({ tags: ['article'], view: () => 'visitor' }, async ({ params }) => {
      return deps.images.withPicturesOf(await articles.detail(params.id));
    }),
  );
  return { articles };
};
