import type { Insertable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { HitokotoTable } from '../../db/schema.ts';

export interface QuoteFilter {
  /** Longest allowed, in characters; null = any length. */
  maxLength: number | null;
  exclude: number[];
}

export const createHitokotoRepo = (db: Db) => {
  const filtered = ({ maxLength, exclude }: QuoteFilter) =>
    db
      .selectFrom('hitokoto')
      .$if(maxLength !== null, (q) => q.where('length', '<=', maxLength as number))
      .$if(exclude.length > 0, (q) => q.where('id', 'not in', exclude));

  return {
    async count(filter: QuoteFilter): Promise<number> {
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The id at position `offset` of the filtered rows, walking the (length, id) index. */
    async idAt(filter: QuoteFilter, offset: number): Promise<number | undefined> {
      const row = await filtered(filter)
        .select('id')
        .orderBy('length')
        .orderBy('id')
        .limit(1)
        .offset(offset)
        .executeTakeFirst();
      return row?.id;
    },

    all: () => db.selectFrom('hitokoto').selectAll().orderBy('id').execute(),

    find: (id: number) => db.selectFrom('hitokoto').selectAll().where('id', '=', id).executeTakeFirst(),

    async texts(): Promise<Set<string>> {
      const rows = await db.selectFrom('hitokoto').select('hitokoto').execute();
      return new Set(rows.map((r) => r.hitokoto));
    },

    async insertMany(rows: Insertable<HitokotoTable>[]): Promise<void> {
      // Batches keep each statement well under SQLite's bound-parameter limit.
      for (let i = 0; i < rows.length; i += 200) {
        await db
          .insertInto('hitokoto')
          .values(rows.slice(i, i + 200))
          .execute();
      }
    },
  };
};

export type HitokotoRepo = ReturnType<typeof createHitokotoRepo>;
