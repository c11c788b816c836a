import type { Db } from '../../db/index.ts';

export const createArticleRepo = (db: Db) => ({
  find: (id: number) => db.selectFrom('article').selectAll().where('id', '=', id).executeTakeFirst(),
  update: (id: number, content: string, at: number) =>
    db
      .updateTable('article')
      .set({ content, updated_at: at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst(),
});

export type ArticleRepo = ReturnType<typeof createArticleRepo>;
