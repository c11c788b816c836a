import {
  type ExpressionBuilder,
  type Insertable,
  type Selectable,
  type SelectQueryBuilder,
  sql,
  type Updateable,
} from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Db } from '../../db/index.ts';
import type { Database, EssayTable } from '../../db/schema.ts';
import { contentMatches } from '../../db/textSearch.ts';

export type EssayRow = Selectable<EssayTable>;

/** Where an essay stands in the lists: by its date (publish time), then by id among equal dates. */
export interface EssayPosition {
  createdAt: number;
  id: number;
}

export interface EssayPageQuery {
  /** Exclusive cursor: only essays listed after this one (older, or as old with a lower id). */
  after?: EssayPosition;
  /** Every term must occur in the content. */
  terms: string[];
  /** Visitors: only essays published by this time. Null: the owner, who sees everything. */
  visibleAt: number | null;
  limit: number;
}

/**
 * Lists are ordered by the essay's date, not its id: an imported essay written in 2015 gets a new
 * id today but belongs below the owner's 2024 essays. Equal dates fall back to the id, so the order
 * is total and a cursor never skips or repeats one (index `essay_date_order`, migration 0026).
 */
const newestFirst = <Q extends SelectQueryBuilder<Database, 'essay', EssayRow>>(query: Q): Q =>
  query.orderBy('essay.created_at', 'desc').orderBy('essay.id', 'desc') as Q;

/** The essays listed after `at` in that order. */
const olderThan = (at: EssayPosition) => (eb: ExpressionBuilder<Database, 'essay'>) =>
  eb.or([
    eb('essay.created_at', '<', at.createdAt),
    eb.and([eb('essay.created_at', '=', at.createdAt), eb('essay.id', '<', at.id)]),
  ]);

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
    page: ({ after, terms, visibleAt, limit }: EssayPageQuery): Promise<EssayRow[]> =>
      newestFirst(
        visible(visibleAt)
          .$if(after !== undefined, (q) => q.where(olderThan(after as EssayPosition)))
          .$if(terms.length > 0, (q) => q.where(contentMatches(dialect, 'essay', terms))),
      )
        .limit(limit)
        .execute(),

    findVisible: (id: number, visibleAt: number | null): Promise<EssayRow | undefined> =>
      visible(visibleAt).where('essay.id', '=', id).executeTakeFirst(),

    /** The text of every essay, hidden and reserved ones too (the image pipeline's backfill). */
    allContents: () => db.selectFrom('essay').select('content').execute(),

    /** How many essays visitors may read at `visibleAt` (NodeInfo's `localPosts`). */
    async countVisible(visibleAt: number): Promise<number> {
      const row = await visible(visibleAt)
        .clearSelect()
        .select((eb) => eb.fn.countAll<number | string>().as('n'))
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    /** Every essay visitors may read at `visibleAt`, newest first (the offline snapshot, the feeds). */
    allVisible: (visibleAt: number): Promise<EssayRow[]> => newestFirst(visible(visibleAt)).execute(),

    async counts(at: number): Promise<{ total: number; hidden: number; reserved: number }> {
      const row = await db
        .selectFrom('essay')
        .select((eb) => [
          eb.fn.countAll<number | string>().as('total'),
          eb.fn
            .sum<number | string | null>(eb.case().when('hide', '=', 1).then(1).else(0).end())
            .as('hidden'),
          eb.fn
            .sum<number | string | null>(eb.case().when('reservation', '>', at).then(1).else(0).end())
            .as('reserved'),
        ])
        .executeTakeFirst();
      return {
        total: Number(row?.total ?? 0),
        hidden: Number(row?.hidden ?? 0),
        reserved: Number(row?.reserved ?? 0),
      };
    },
    findAny: (id: number): Promise<EssayRow | undefined> =>
      db.selectFrom('essay').selectAll().where('id', '=', id).executeTakeFirst(),
    insert: (row: Insertable<EssayTable>): Promise<EssayRow> =>
      db.insertInto('essay').values(row).returningAll().executeTakeFirstOrThrow(),
    update: (id: number, patch: Updateable<EssayTable>): Promise<EssayRow | undefined> =>
      db.updateTable('essay').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),
    async remove(id: number): Promise<boolean> {
      const result = await db.deleteFrom('essay').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /** Reserved essays not yet published by `at`, soonest first. */
    reservedAfter: (at: number): Promise<EssayRow[]> =>
      db
        .selectFrom('essay')
        .selectAll()
        .where('reservation', '>', at)
        .orderBy('reservation', 'asc')
        .orderBy('id', 'asc')
        .execute(),
    /** Visible reserved essays whose time has come but whose publication was not announced yet. */
    dueUnannounced: (at: number): Promise<EssayRow[]> =>
      db
        .selectFrom('essay')
        .selectAll()
        .where('hide', '=', 0)
        .where('reservation', '<=', at)
        .where('announced_at', 'is', null)
        .orderBy('reservation', 'asc')
        .execute(),
    /**
     * Claims the announcement of one due essay: only the caller whose update changed the row runs
     * the side effects, so replicas and repeated runs announce it once.
     */
    async claimAnnouncement(id: number, at: number): Promise<boolean> {
      const result = await db
        .updateTable('essay')
        // Dated by its publish time (essays reserved before dates moved with reservations).
        .set({ announced_at: at, created_at: sql<number>`reservation` })
        .where('id', '=', id)
        .where('announced_at', 'is', null)
        .where('hide', '=', 0)
        .where('reservation', '<=', at)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
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
