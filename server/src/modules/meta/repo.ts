import type { Db } from '../../db/index.ts';

export const createMetaRepo = (db: Db) => ({
  async find(group: string, key: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('meta_string')
      .select('value')
      .where('group_name', '=', group)
      .where('key', '=', key)
      .executeTakeFirst();
    return row?.value;
  },

  async put(group: string, key: string, value: string, now: number): Promise<void> {
    await db
      .insertInto('meta_string')
      .values({ group_name: group, key, value, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['group_name', 'key']).doUpdateSet({ value, updated_at: now }))
      .execute();
  },

  /** By group, then key; `group` narrows to one group. */
  all: (group?: string) =>
    db
      .selectFrom('meta_string')
      .selectAll()
      .$if(group !== undefined, (q) => q.where('group_name', '=', group as string))
      .orderBy('group_name')
      .orderBy('key')
      .execute(),

  byId: (id: number) => db.selectFrom('meta_string').selectAll().where('id', '=', id).executeTakeFirst(),

  async insert(group: string, key: string, value: string, now: number): Promise<number | undefined> {
    const row = await db
      .insertInto('meta_string')
      .values({ group_name: group, key, value, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['group_name', 'key']).doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  },

  updateValue: (id: number, value: string, now: number) =>
    db.updateTable('meta_string').set({ value, updated_at: now }).where('id', '=', id).execute(),

  async remove(id: number): Promise<boolean> {
    const result = await db.deleteFrom('meta_string').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
});

export type MetaRepo = ReturnType<typeof createMetaRepo>;
