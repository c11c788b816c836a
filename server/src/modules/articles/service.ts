import type { Article } from '@candy/contract/calls/articles';
import { notFound } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import type { RevisionsService } from '../revisions/service.ts';
import type { ArticleRepo } from './repo.ts';

export const createArticlesService = (repo: ArticleRepo, revisions: RevisionsService, now: () => number) => ({
  /** Replaces an article's text (keeping a revision); only existing articles (the about page) can be edited. */
  async update(id: number, content: string): Promise<Article> {
    const row = await repo.update(id, content, now());
    if (!row) throw notFound(said('error.articles.notFound'));
    await revisions.saved('article', id, row.content);
    return { id: row.id, content: row.content, updatedAt: Number(row.updated_at) };
  },
  async detail(id: number): Promise<Article> {
    const row = await repo.find(id);
    if (!row) throw notFound(said('error.articles.notFound'));
    return { id: row.id, content: row.content, updatedAt: Number(row.updated_at) };
  },

  /** Whether article `id` exists (comments use it to check their target). */
  exists: async (id: number): Promise<boolean> => (await repo.find(id)) !== undefined,
});

export type ArticlesService = ReturnType<typeof createArticlesService>;
