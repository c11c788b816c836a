import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { LinkTable } from '../../db/schema.ts';

export const createLinkRepo = (db: Db) => ({
  /** In the owner's order. */
  all: () => db.selectFrom('link').selectAll().orderBy('sort_order').orderBy('id').execute(),

  find: (id: number) => db.selectFrom('link').selectAll().where('id', '=', id).executeTakeFirst(),

  async nextOrder(): Promise<number> {
    const row = await db
      .selectFrom('link')
      .select((eb) => eb.fn.max('sort_order').as('max'))
      .executeTakeFirst();
    return Number(row?.max ?? 0) + 1;
  },

  async insert(values: Insertable<LinkTable>): Promise<number> {
    const row = await db.insertInto('link').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  update: (id: number, values: Updateable<LinkTable>) =>
    db.updateTable('link').set(values).where('id', '=', id).executeTakeFirst(),

  async remove(id: number): Promise<boolean> {
    const result = await db.deleteFrom('link').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
});

export type LinkRepo = ReturnType<typeof createLinkRepo>;
