import type { Db } from '../../db/index.ts';

export const createArticleRepo = (db: Db) => ({
  find: (id: number) => db.selectFrom('article').selectAll().where('id', '=', id).executeTakeFirst(),
});

export type ArticleRepo = ReturnType<typeof createArticleRepo>;
