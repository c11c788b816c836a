import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Issue 24, revisions on the server: every save of an essay or of an article keeps the text it saved
 * (pruned by the `prune-revisions` job: all of the last 30 days, then one a day), and the desk's
 * autosave keeps one draft per target (`target_id` 0: the essay not saved yet), so a draft follows
 * the owner to another device.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await addIdColumn(db.schema.createTable('revision'), db)
    .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    /** `owner` or `import`. */
    .addColumn('author', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('revision_target')
    .on('revision')
    .columns(['target_type', 'target_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('draft')
    .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('hide', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reservation', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('draft_pk', ['target_type', 'target_id'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('draft').execute();
  await db.schema.dropIndex('revision_target').execute();
  await db.schema.dropTable('revision').execute();
};
