import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { DraftTable, RevisionTable } from '../../db/schema.ts';

export type RevisionRow = Selectable<RevisionTable>;
export type DraftRow = Selectable<DraftTable>;
/** A revision without its text, as the list and the prune rule see it. */
export type RevisionHead = Omit<RevisionRow, 'content'> & { length: number };

/** Deletes go in slices: both databases cap the parameters of one statement. */
const SLICE = 500;

export const createRevisionRepo = (db: Db) => ({
  insert: (row: Insertable<RevisionTable>): Promise<RevisionRow> =>
    db.insertInto('revision').values(row).returningAll().executeTakeFirstOrThrow(),

  /** The newest revision's text of a target, if it has any. */
  async latestContent(target: string, targetId: number): Promise<string | undefined> {
    const row = await db
      .selectFrom('revision')
      .select('content')
      .where('target_type', '=', target)
      .where('target_id', '=', targetId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.content;
  },

  async list(target: string, targetId: number): Promise<RevisionHead[]> {
    const rows = await db
      .selectFrom('revision')
      .select(['id', 'target_type', 'target_id', 'author', 'created_at'])
      .select((eb) => eb.fn<number | string>('length', ['content']).as('length'))
      .where('target_type', '=', target)
      .where('target_id', '=', targetId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({ ...row, length: Number(row.length) }));
  },

  find: (id: number): Promise<RevisionRow | undefined> =>
    db.selectFrom('revision').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Revisions saved before `at` (what the prune rule looks at), without their text. */
  olderThan: (at: number): Promise<Pick<RevisionRow, 'id' | 'target_type' | 'target_id' | 'created_at'>[]> =>
    db
      .selectFrom('revision')
      .select(['id', 'target_type', 'target_id', 'created_at'])
      .where('created_at', '<', at)
      .execute(),

  async removeIds(ids: number[]): Promise<number> {
    let removed = 0;
    for (let i = 0; i < ids.length; i += SLICE) {
      const result = await db
        .deleteFrom('revision')
        .where('id', 'in', ids.slice(i, i + SLICE))
        .executeTakeFirst();
      removed += Number(result.numDeletedRows);
    }
    return removed;
  },

  removeFor: async (target: string, targetId: number): Promise<void> => {
    await db
      .deleteFrom('revision')
      .where('target_type', '=', target)
      .where('target_id', '=', targetId)
      .execute();
  },

  findDraft: (target: string, targetId: number): Promise<DraftRow | undefined> =>
    db
      .selectFrom('draft')
      .selectAll()
      .where('target_type', '=', target)
      .where('target_id', '=', targetId)
      .executeTakeFirst(),

  upsertDraft: (row: DraftRow): Promise<DraftRow> =>
    db
      .insertInto('draft')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['target_type', 'target_id']).doUpdateSet({
          content: row.content,
          hide: row.hide,
          reservation: row.reservation,
          updated_at: row.updated_at,
        }),
      )
      .returningAll()
      .executeTakeFirstOrThrow(),

  async removeDraft(target: string, targetId: number): Promise<boolean> {
    const result = await db
      .deleteFrom('draft')
      .where('target_type', '=', target)
      .where('target_id', '=', targetId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
});

export type RevisionRepo = ReturnType<typeof createRevisionRepo>;
