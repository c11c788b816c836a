import type { Kysely } from 'kysely';

/**
 * Issue 41.1: one 标为垃圾 can be taken back (撤销). Each mark remembers, per comment it hid, the
 * status the comment had before, so an undo restores exactly what that one action changed and
 * nothing the owner did since. Rows are dropped when undone or a day after the mark.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('comment_spam_mark')
    /** The undo token the owner's 撤销 sends: one per mark action. */
    .addColumn('mark', 'varchar(64)', (c) => c.notNull())
    .addColumn('comment_id', 'integer', (c) => c.notNull())
    /** `visible` or `held`: what the undo puts back. */
    .addColumn('previous_status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('comment_spam_mark_pk', ['mark', 'comment_id'])
    .execute();
  await db.schema
    .createIndex('comment_spam_mark_created')
    .on('comment_spam_mark')
    .column('created_at')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('comment_spam_mark').execute();
};
