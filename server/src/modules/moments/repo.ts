import { type Insertable, sql, type Updateable } from 'kysely';
import type { DialectName } from '../../db/dialect.ts';
import type { Db } from '../../db/index.ts';
import type { MomentTable } from '../../db/schema.ts';
import { contentMatches } from '../../db/textSearch.ts';
import { DAY_MS } from './localDays.ts';

export interface MomentPageQuery {
  /** Exclusive cursor: only moments listed after this one (older, or as old with a lower id). */
  after?: { createdAt: number; id: number };
  terms: string[];
  limit: number;
}

export const createMomentRepo = (db: Db, dialect: DialectName) => ({
  /** The pictures column of every moment that has some (the image pipeline's backfill). */
  allImages: () => db.selectFrom('moment').select('images').where('images', '!=', '[]').execute(),

  findById: (id: number) => db.selectFrom('moment').selectAll().where('id', '=', id).executeTakeFirst(),
  insert: (row: Insertable<MomentTable>) =>
    db.insertInto('moment').values(row).returningAll().executeTakeFirstOrThrow(),
  update: (id: number, patch: Updateable<MomentTable>) =>
    db.updateTable('moment').set(patch).where('id', '=', id).returningAll().executeTakeFirst(),
  async remove(id: number): Promise<boolean> {
    const result = await db.deleteFrom('moment').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },
  async count(): Promise<number> {
    const row = await db
      .selectFrom('moment')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },
  findCreatedAt: async (id: number): Promise<number | undefined> => {
    const row = await db.selectFrom('moment').select('created_at').where('id', '=', id).executeTakeFirst();
    return row ? Number(row.created_at) : undefined;
  },
  /**
   * By date, then id: memos imported today keep their old dates and list below the owner's newer
   * moments (index `moment_date_order`, migration 0026), as essays do.
   */
  page: ({ after, terms, limit }: MomentPageQuery) =>
    db
      .selectFrom('moment')
      .selectAll('moment')
      .$if(after !== undefined, (q) =>
        q.where((eb) =>
          eb.or([
            eb('moment.created_at', '<', after?.createdAt ?? 0),
            eb.and([
              eb('moment.created_at', '=', after?.createdAt ?? 0),
              eb('moment.id', '<', after?.id ?? 0),
            ]),
          ]),
        ),
      )
      .$if(terms.length > 0, (q) => q.where(contentMatches(dialect, 'moment', terms)))
      .orderBy('moment.created_at', 'desc')
      .orderBy('moment.id', 'desc')
      .limit(limit)
      .execute(),

  /**
   * Moments per local day in [from, to), counted by the database. The offset is a number we
   * computed (never caller text), inlined so both databases do integer arithmetic.
   */
  async countsByDay(from: number, to: number, offsetMinutes: number): Promise<Map<number, number>> {
    const day = sql<number>`CAST((created_at + ${sql.lit(offsetMinutes * 60_000)}) / ${sql.lit(DAY_MS)} AS BIGINT)`;
    const rows = await db
      .selectFrom('moment')
      .select([day.as('day'), (eb) => eb.fn.countAll().as('n')])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(day)
      .execute();
    return new Map(rows.map((r) => [Number(r.day), Number(r.n)]));
  },

  /** Moments per local hour of the day in [from, to). */
  async countsByHour(from: number, to: number, offsetMinutes: number): Promise<Map<number, number>> {
    const hour = sql<number>`CAST(((created_at + ${sql.lit(offsetMinutes * 60_000 + DAY_MS)}) % ${sql.lit(DAY_MS)}) / 3600000 AS BIGINT)`;
    const rows = await db
      .selectFrom('moment')
      .select([hour.as('hour'), (eb) => eb.fn.countAll().as('n')])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(hour)
      .execute();
    return new Map(rows.map((r) => [Number(r.hour), Number(r.n)]));
  },

  /** Times and image lists of the moments in [from, to): two weeks at most, for the week report. */
  between: (from: number, to: number) =>
    db
      .selectFrom('moment')
      .select(['created_at', 'images'])
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .execute(),
});

export type MomentRepo = ReturnType<typeof createMomentRepo>;
