import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { WaifuTable } from '../../db/schema.ts';

export const createWaifuRepo = (db: Db) => ({
  /** In the owner's order; new uploads (smaller order) first, then newest first. */
  all: () => db.selectFrom('waifu').selectAll().orderBy('sort_order').orderBy('id', 'desc').execute(),

  find: (id: number) => db.selectFrom('waifu').selectAll().where('id', '=', id).executeTakeFirst(),

  async firstOrder(): Promise<number> {
    const row = await db
      .selectFrom('waifu')
      .select((eb) => eb.fn.min('sort_order').as('min'))
      .executeTakeFirst();
    return Number(row?.min ?? 0);
  },

  async insert(values: Insertable<WaifuTable>): Promise<number> {
    const row = await db.insertInto('waifu').values(values).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  update: (id: number, values: Updateable<WaifuTable>) =>
    db.updateTable('waifu').set(values).where('id', '=', id).execute(),

  /** Gives every listed id its position; the rest keep theirs after them. */
  reorder: (ids: readonly number[]) =>
    db.transaction().execute(async (trx) => {
      await trx.updateTable('waifu').set({ sort_order: ids.length }).execute();
      for (const [index, id] of ids.entries()) {
        await trx.updateTable('waifu').set({ sort_order: index }).where('id', '=', id).execute();
      }
    }),

  remove: (id: number) => db.deleteFrom('waifu').where('id', '=', id).execute(),
});

export type WaifuRepo = ReturnType<typeof createWaifuRepo>;
