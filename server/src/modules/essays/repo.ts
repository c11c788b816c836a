import type { Selectable } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Db } from '../../db/index.ts';
import type { EssayTable } from '../../db/schema.ts';
import { contentMatches } from '../../db/textSearch.ts';

export type EssayRow = Selectable<EssayTable>;

export interface EssayPageQuery {
  /** Exclusive cursor: only ids below it. */
  before?: number;
  /** Every term must occur in the content. */
  terms: string[];
  /** Visitors: only essays published by this time. Null: the owner, who sees everything. */
  visibleAt: number | null;
  limit: number;
}

export const createEssayRepo = (db: Db, dialect: DialectName) => {
  const visible = (visibleAt: number | null) =>
    db
      .selectFrom('essay')
      .selectAll('essay')
      .$if(visibleAt !== null, (q) =>
        q
          .where('essay.hide', '=', 0)
          .where((eb) =>
            eb.or([eb('essay.reservation', 'is', null), eb('essay.reservation', '<=', visibleAt as number)]),
          ),
      );

  return {
    page: ({ before, terms, visibleAt, limit }: EssayPageQuery): Promise<EssayRow[]> =>
      visible(visibleAt)
        .$if(before !== undefined, (q) => q.where('essay.id', '<', before as number))
        .$if(terms.length > 0, (q) => q.where(contentMatches(dialect, 'essay', terms)))
        .orderBy('essay.id', 'desc')
        .limit(limit)
        .execute(),

    findVisible: (id: number, visibleAt: number | null): Promise<EssayRow | undefined> =>
      visible(visibleAt).where('essay.id', '=', id).executeTakeFirst(),

    /** Every essay visitors may read at `visibleAt`, newest first (the offline snapshot). */
    allVisible: (visibleAt: number): Promise<EssayRow[]> =>
      visible(visibleAt).orderBy('essay.id', 'desc').execute(),

    /** The earliest reservation still in the future: when the visitors' view next changes. */
    async nextReservationAfter(at: number): Promise<number | null> {
      const row = await db
        .selectFrom('essay')
        .select((eb) => eb.fn.min('reservation').as('next'))
        .where('hide', '=', 0)
        .where('reservation', '>', at)
        .executeTakeFirst();
      return row?.next == null ? null : Number(row.next);
    },
  };
};

export type EssayRepo = ReturnType<typeof createEssayRepo>;
