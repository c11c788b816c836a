import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { EmoteTable } from '../../db/schema.ts';

export type EmoteRow = Selectable<EmoteTable>;
export type NewEmoteRow = Insertable<EmoteTable>;

export const createEmoteRepo = (db: Db) => ({
  all: () => db.selectFrom('emote').selectAll().orderBy('id').execute(),

  remove: async (id: number): Promise<boolean> =>
    Number((await db.deleteFrom('emote').where('id', '=', id).executeTakeFirst()).numDeletedRows) > 0,

  findByCode: (code: string) =>
    db.selectFrom('emote').selectAll().where('code', '=', code).executeTakeFirst(),

  /** Adds emotes; one whose code exists already takes the new picture, group and source. */
  async upsert(rows: readonly NewEmoteRow[]): Promise<void> {
    for (const row of rows) {
      await db
        .insertInto('emote')
        .values(row)
        .onConflict((oc) =>
          oc.column('code').doUpdateSet({
            group_name: row.group_name,
            url: row.url,
            source: row.source,
            source_id: row.source_id,
          }),
        )
        .execute();
    }
  },
});

export type EmoteRepo = ReturnType<typeof createEmoteRepo>;
