import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { TodoTable } from '../../db/schema.ts';

export const createTodoRepo = (db: Db) => ({
  /** In the owner's order. */
  all: (filter: 'all' | 'open' | 'done') =>
    db
      .selectFrom('todo')
      .selectAll()
      .$if(filter !== 'all', (q) => q.where('done', '=', filter === 'done' ? 1 : 0))
      .orderBy('sort_order')
      .orderBy('id')
      .execute(),

  find: (id: number) => db.selectFrom('todo').selectAll().where('id', '=', id).executeTakeFirst(),

  async lastOrder(): Promise<number> {
    const row = await db
      .selectFrom('todo')
      .select((eb) => eb.fn.max('sort_order').as('max'))
      .executeTakeFirst();
    return Number(row?.max ?? 0);
  },

  async insert(values: Insertable<TodoTable>): Promise<number> {
    const row = await db.insertInto('todo').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  update: (id: number, values: Updateable<TodoTable>) =>
    db.updateTable('todo').set(values).where('id', '=', id).execute(),

  /** Listed ids take positions 0…n-1; any not listed keep their order after them. */
  reorder: (ids: readonly number[], now: number) =>
    db.transaction().execute(async (trx) => {
      const rest = await trx
        .selectFrom('todo')
        .select('id')
        .$if(ids.length > 0, (q) => q.where('id', 'not in', ids))
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
      const all = [...ids, ...rest.map((r) => r.id)];
      for (const [index, id] of all.entries()) {
        await trx
          .updateTable('todo')
          .set({ sort_order: index, updated_at: now })
          .where('id', '=', id)
          .execute();
      }
    }),

  /** Deletes the finished ones and answers them as they were. */
  removeDone: (): Promise<Selectable<TodoTable>[]> =>
    db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('todo').selectAll().where('done', '=', 1).execute();
      if (rows.length > 0) await trx.deleteFrom('todo').where('done', '=', 1).execute();
      return rows;
    }),

  /** Inserts rows with their own ids; an id already taken is skipped (a second undo changes nothing). */
  restore: (rows: readonly Insertable<TodoTable>[]) =>
    db.transaction().execute(async (trx) => {
      for (const row of rows) {
        const taken = await trx
          .selectFrom('todo')
          .select('id')
          .where('id', '=', Number(row.id))
          .executeTakeFirst();
        if (!taken) await trx.insertInto('todo').values(row).execute();
      }
    }),

  async remove(id: number): Promise<boolean> {
    const result = await db.deleteFrom('todo').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
});

export type TodoRepo = ReturnType<typeof createTodoRepo>;
