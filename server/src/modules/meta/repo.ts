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
});

export type MetaRepo = ReturnType<typeof createMetaRepo>;
