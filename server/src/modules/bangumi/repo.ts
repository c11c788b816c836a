import { type Insertable, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { BangumiTable } from '../../db/schema.ts';

const likePattern = (term: string) => `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export const createBangumiRepo = (db: Db) => ({
  /**
   * Most recently updated first. The list is one person's watch history (hundreds of rows at most),
   * so a keyword is a case-insensitive substring match over the rows rather than an index.
   */
  list: (keyword: string | undefined) =>
    db
      .selectFrom('bangumi')
      .selectAll()
      .$if(Boolean(keyword), (q) => {
        const pattern = likePattern(keyword as string);
        return q.where((eb) =>
          eb.or(
            (['title', 'title_cn', 'review', 'tags'] as const).map(
              (column) => sql<boolean>`lower(${sql.ref(column)}) LIKE ${pattern} ESCAPE '\\'`,
            ),
          ),
        );
      })
      .orderBy('updated_at', 'desc')
      .orderBy('id', 'desc')
      .execute(),

  find: (id: number) => db.selectFrom('bangumi').selectAll().where('id', '=', id).executeTakeFirst(),

  bySubject: (subjectId: number) =>
    db.selectFrom('bangumi').select('id').where('subject_id', '=', subjectId).executeTakeFirst(),

  async insert(values: Insertable<BangumiTable>): Promise<number> {
    const row = await db.insertInto('bangumi').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  update: (id: number, values: Updateable<BangumiTable>) =>
    db.updateTable('bangumi').set(values).where('id', '=', id).execute(),

  remove: (id: number) => db.deleteFrom('bangumi').where('id', '=', id).execute(),
});

export type BangumiRepo = ReturnType<typeof createBangumiRepo>;
