import { z } from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { articlesRoutes as routes } from '../routes/articles.ts';
import { IdParams } from './essays.ts';

/** The about page's id. */
export const aboutArticleId = 1;

export const Article = z.object({
  id: z.number().int(),
  /** Markdown. */
  content: z.string(),
  updatedAt: z.number().int(),
});
export type Article = z.infer<typeof Article>;

export const articleDetail = defineCall(routes.articleDetail, { params: IdParams, response: Article });

/** Articles; article 1 is the about page (issue 4). Keyed like `articlesRoutes`. */
export const articlesCalls = { articleDetail } satisfies Record<string, CallDef>;
