import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

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
});

export type BangumiRepo = ReturnType<typeof createBangumiRepo>;
