import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { CommentTable } from '../../db/schema.ts';

export type CommentRow = Selectable<CommentTable>;
export type NewCommentRow = Insertable<CommentTable>;

export interface TargetRef {
  targetType: string;
  targetId: number;
}

export const createCommentRepo = (db: Db) => ({
  findById: (id: number) => db.selectFrom('comment').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Top-level comments newest first, before the `start` cursor; asks one extra row to tell hasMore. */
  listTopLevel: ({ targetType, targetId }: TargetRef, start: number | undefined, limit: number) => {
    let query = db
      .selectFrom('comment')
      .selectAll()
      .where('target_type', '=', targetType)
      .where('target_id', '=', targetId)
      .where('parent_id', 'is', null);
    if (start !== undefined) query = query.where('id', '<', start);
    return query.orderBy('id', 'desc').limit(limit).execute();
  },

  /** Every reply under the given top-level comments, oldest first. */
  listReplies: (parentIds: readonly number[]) =>
    // Guard against running an invalid `in ()` when the page is empty.
    parentIds.length === 0
      ? Promise.resolve([] as CommentRow[])
      : db
          .selectFrom('comment')
          .selectAll()
          .where('parent_id', 'in', parentIds)
          .orderBy('id', 'asc')
          .execute(),

  async countVisible({ targetType, targetId }: TargetRef): Promise<number> {
    const row = await db
      .selectFrom('comment')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('target_type', '=', targetType)
      .where('target_id', '=', targetId)
      .where('deleted', '=', 0)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

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
  recent: (offset: number, limit: number) =>
    db
      .selectFrom('comment')
      .selectAll()
      .where('deleted', '=', 0)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),

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
