import { type ExpressionBuilder, type Insertable, type Selectable, sql } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { Database } from '../../db/schema.ts';
import type { CommentTable } from '../../db/schemaComments.ts';

export type CommentRow = Selectable<CommentTable>;
export type NewCommentRow = Insertable<CommentTable>;

export interface TargetRef {
  targetType: string;
  targetId: number;
}

/** Who is reading: held comments are shown to the owner and to their author's device only. */
export interface Reader {
  owner: boolean;
  uuid: string | undefined;
}

/** The comments `reader` may see: every one for the owner, else the shown ones and the reader's own. */
const readableBy = (reader: Reader) => (eb: ExpressionBuilder<Database, 'comment'>) =>
  reader.owner
    ? eb.lit(true)
    : reader.uuid
      ? eb.or([eb('status', '=', 'visible'), eb('uuid', '=', reader.uuid)])
      : eb('status', '=', 'visible');

export interface RecentFilter {
  status: 'all' | 'held' | 'spam';
  q?: string;
}

/** The back office's filter: a status (the queue) and words in the content or the name. */
const matching = (filter: RecentFilter) => (eb: ExpressionBuilder<Database, 'comment'>) => {
  const parts = [eb('deleted', '=', 0)];
  if (filter.status !== 'all') parts.push(eb('status', '=', filter.status));
  if (filter.q) {
    // LIKE's own wildcards in the search words are meant literally.
    const pattern = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    const like = (column: 'content' | 'guest_name') =>
      // lower() on both sides: PostgreSQL's LIKE minds case, SQLite's does not.
      sql<boolean>`lower(${eb.ref(column)}) like lower(${pattern}) escape '\\'`;
    parts.push(eb.or([like('content'), like('guest_name')]));
  }
  return eb.and(parts);
};

/** `countVisible` for several targets of one type at once: targets with none are left out. */
const countVisibleMany = async (
  db: Db,
  targetType: string,
  targetIds: readonly number[],
  reader: Reader,
): Promise<Map<number, number>> => {
  if (targetIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('comment')
    .select((eb) => ['target_id', eb.fn.countAll<number | string>().as('count')])
    .where('target_type', '=', targetType)
    .where('target_id', 'in', targetIds)
    .where('deleted', '=', 0)
    .where(readableBy(reader))
    // A reply counts only where its thread's head is shown: a reply under a held comment (the
    // owner's answer, or its author's own) is listed for nobody else, so it is counted for nobody else.
    .where((eb) =>
      eb.or([
        eb('parent_id', 'is', null),
        eb(
          'parent_id',
          'in',
          db
            .selectFrom('comment')
            .select('id')
            .where(readableBy(reader))
            .where('target_type', '=', targetType),
        ),
      ]),
    )
    .groupBy('target_id')
    .execute();
  return new Map(rows.map((row) => [row.target_id, Number(row.count)]));
};

export const createCommentRepo = (db: Db) => ({
  findById: (id: number) => db.selectFrom('comment').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Top-level comments newest first, before the `start` cursor; asks one extra row to tell hasMore. */
  listTopLevel: (
    { targetType, targetId }: TargetRef,
    reader: Reader,
    start: number | undefined,
    limit: number,
  ) => {
    let query = db
      .selectFrom('comment')
      .selectAll()
      .where('target_type', '=', targetType)
      .where('target_id', '=', targetId)
      .where('parent_id', 'is', null)
      .where(readableBy(reader));
    if (start !== undefined) query = query.where('id', '<', start);
    return query.orderBy('id', 'desc').limit(limit).execute();
  },

  /** Every reply under the given top-level comments, oldest first. */
  listReplies: (parentIds: readonly number[], reader: Reader) =>
    // Guard against running an invalid `in ()` when the page is empty.
    parentIds.length === 0
      ? Promise.resolve([] as CommentRow[])
      : db
          .selectFrom('comment')
          .selectAll()
          .where('parent_id', 'in', parentIds)
          .where(readableBy(reader))
          .orderBy('id', 'asc')
          .execute(),

  async countVisible({ targetType, targetId }: TargetRef, reader: Reader): Promise<number> {
    const counts = await countVisibleMany(db, targetType, [targetId], reader);
    return counts.get(targetId) ?? 0;
  },

  countVisibleMany: (targetType: string, targetIds: readonly number[], reader: Reader) =>
    countVisibleMany(db, targetType, targetIds, reader),

  async insert(row: NewCommentRow): Promise<CommentRow> {
    return db.insertInto('comment').values(row).returningAll().executeTakeFirstOrThrow();
  },

  async updateContent(id: number, content: string, contentHash: string, at: number): Promise<CommentRow> {
    return db
      .updateTable('comment')
      .set({ content, content_hash: contentHash, updated_at: at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
  },

  /** Keeps a thread's head as an empty placeholder so its replies stay in place. */
  async softDelete(id: number, at: number): Promise<void> {
    await db
      .updateTable('comment')
      .set({ content: '', content_hash: '', guest_name: '', guest_email: '', deleted: 1, updated_at: at })
      .where('id', '=', id)
      .execute();
  },

  /** Every comment on a target (its replies go with their thread heads). */
  async removeForTarget({ targetType, targetId }: TargetRef): Promise<void> {
    await db
      .deleteFrom('comment')
      .where('target_type', '=', targetType)
      .where('target_id', '=', targetId)
      .execute();
  },

  /** The newest comments on every target, for moderation; deleted placeholders left out. */
  recent: (filter: RecentFilter, offset: number, limit: number) =>
    db
      .selectFrom('comment')
      .selectAll()
      .where(matching(filter))
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),

  async countMatching(filter: RecentFilter): Promise<number> {
    const row = await db
      .selectFrom('comment')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(matching(filter))
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  findByIds: (ids: readonly number[]) =>
    ids.length === 0
      ? Promise.resolve([] as CommentRow[])
      : db.selectFrom('comment').selectAll().where('id', 'in', ids).execute(),

  /** The device has a comment others can see: it passed moderation before. */
  async hasShownComment(uuid: string): Promise<boolean> {
    const row = await db
      .selectFrom('comment')
      .select('id')
      .where('uuid', '=', uuid)
      .where('is_owner', '=', 0)
      .where('status', '=', 'visible')
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /**
   * The device wrote a comment the owner marked as spam. Not the address: behind a shared NAT (a
   * school, an office, a phone carrier) one address is many people (issue 41.1).
   */
  async isMarkedSpammer(uuid: string): Promise<boolean> {
    if (!uuid) return false;
    const row = await db
      .selectFrom('comment')
      .select('id')
      .where('status', '=', 'spam')
      .where('is_owner', '=', 0)
      .where('uuid', '=', uuid)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  async setStatus(ids: readonly number[], status: string): Promise<number> {
    if (ids.length === 0) return 0;
    const result = await db.updateTable('comment').set({ status }).where('id', 'in', ids).executeTakeFirst();
    return Number(result.numUpdatedRows);
  },

  async countAll(since = 0): Promise<number> {
    const row = await db
      .selectFrom('comment')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('deleted', '=', 0)
      .where('created_at', '>=', since)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  async remove(id: number): Promise<void> {
    await db.deleteFrom('comment').where('id', '=', id).execute();
  },

  async hasReplies(id: number): Promise<boolean> {
    const row = await db
      .selectFrom('comment')
      .select('id')
      .where('parent_id', '=', id)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** The same device already said exactly this under the same target. */
  async hasDuplicate(uuid: string, target: TargetRef, contentHash: string): Promise<boolean> {
    const row = await db
      .selectFrom('comment')
      .select('id')
      .where('content_hash', '=', contentHash)
      .where('uuid', '=', uuid)
      .where('target_type', '=', target.targetType)
      .where('target_id', '=', target.targetId)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** How often this content was posted anywhere since `since`, by anyone. */
  async countSameContentSince(contentHash: string, since: number): Promise<number> {
    const row = await db
      .selectFrom('comment')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('content_hash', '=', contentHash)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
});

export type CommentRepo = ReturnType<typeof createCommentRepo>;
