import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { PictureMap } from '../picture.ts';
import { articlesRoutes as routes } from '../routes/articles.ts';
import { IdParams } from './essays.ts';

/** The about page's id. */
export const aboutArticleId = 1;

export const Article = z.lazy(() =>
  z.object({
    id: z.number().int(),
    /** Markdown. */
    content: z.string(),
    updatedAt: z.number().int(),
    /** Issue 30: the page's own uploaded pictures by URL (see `Essay.pictures`). */
    pictures: PictureMap.optional(),
  }),
);
export type Article = z.infer<typeof Article>;

export const ArticleInput = z.lazy(() =>
  z.strictObject({
    content: z
      .string()
      .max(100_000)
      .refine((text) => text.trim().length > 0, { message: 'schema.content.empty' }),
  }),
);
export type ArticleInput = z.infer<typeof ArticleInput>;

export const articleDetail = defineCall(routes.articleDetail, () => ({
  params: IdParams,
  response: Article,
}));
export const articleUpdate = defineCall(routes.articleUpdate, () => ({
  params: IdParams,
  body: ArticleInput,
  response: Article,
}));

/** Articles; article 1 is the about page (issues 4, 10). Keyed like `articlesRoutes`. */
export const articlesCalls = { articleDetail, articleUpdate } satisfies Record<string, CallDef>;
