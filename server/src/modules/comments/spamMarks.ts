import type { Db } from '../../db/index.ts';

/** How long a mark can be undone; the toast offers 撤销 for seconds, a reload loses it anyway. */
export const spamMarkUndoMs = 86_400_000;

/** One comment a 标为垃圾 would hide, with the status it has now. */
export interface SpamScopeRow {
  id: number;
  uuid: string;
  status: string;
}

/**
 * What 标为垃圾 hides (issue 41.1): the chosen comments, and the same devices' comments still
 * waiting for review. Never the owner's comments, and never a comment already shown (approved or
 * let through): those the owner marks one by one. The address is not used: behind a shared NAT it
 * names many browsers, and one mark once hid a whole classroom's comments.
 */
export const createSpamMarkRepo = (db: Db) => {
  const scope = async (ids: readonly number[]): Promise<SpamScopeRow[]> => {
    if (ids.length === 0) return [];
    const chosen = await db
      .selectFrom('comment')
      .select(['id', 'uuid', 'status'])
      .where('id', 'in', ids)
      .where('is_owner', '=', 0)
      .execute();
    const uuids = [...new Set(chosen.map((row) => row.uuid).filter(Boolean))];
    const waiting =
      uuids.length === 0
        ? []
        : await db
            .selectFrom('comment')
            .select(['id', 'uuid', 'status'])
            .where('uuid', 'in', uuids)
            .where('is_owner', '=', 0)
            .where('status', '=', 'held')
            .where('deleted', '=', 0)
            .execute();
    const byId = new Map([...chosen, ...waiting].map((row) => [row.id, row]));
    return [...byId.values()].filter((row) => row.status !== 'spam');
  };

  return {
    scope,

    /** Marks the scope as spam under `mark`, remembering each comment's status for the undo. */
    async mark(ids: readonly number[], mark: string, at: number): Promise<number> {
      await db
        .deleteFrom('comment_spam_mark')
        .where('created_at', '<', at - spamMarkUndoMs)
        .execute();
      const rows = await scope(ids);
      if (rows.length === 0) return 0;
      return db.transaction().execute(async (tx) => {
        await tx
          .insertInto('comment_spam_mark')
          .values(
            rows.map((row) => ({ mark, comment_id: row.id, previous_status: row.status, created_at: at })),
          )
          .execute();
        const result = await tx
          .updateTable('comment')
          .set({ status: 'spam' })
          .where(
            'id',
            'in',
            rows.map((row) => row.id),
          )
          .where('status', '!=', 'spam')
          .executeTakeFirst();
        return Number(result.numUpdatedRows);
      });
    },

    /**
     * Puts back what the mark hid, where it is still spam (a comment the owner approved or deleted
     * since stays as the owner left it). Answers how many came back; an unknown or old mark, none.
     */
    async undo(mark: string, at: number): Promise<number | undefined> {
      const rows = await db
        .selectFrom('comment_spam_mark')
        .select(['comment_id', 'previous_status'])
        .where('mark', '=', mark)
        .where('created_at', '>=', at - spamMarkUndoMs)
        .execute();
      if (rows.length === 0) return undefined;
      return db.transaction().execute(async (tx) => {
        let count = 0;
        for (const status of new Set(rows.map((row) => row.previous_status))) {
          const result = await tx
            .updateTable('comment')
            .set({ status })
            .where(
              'id',
              'in',
              rows.filter((row) => row.previous_status === status).map((row) => row.comment_id),
            )
            .where('status', '=', 'spam')
            .executeTakeFirst();
          count += Number(result.numUpdatedRows);
        }
        await tx.deleteFrom('comment_spam_mark').where('mark', '=', mark).execute();
        return count;
      });
    },
  };
};

export type SpamMarkRepo = ReturnType<typeof createSpamMarkRepo>;
