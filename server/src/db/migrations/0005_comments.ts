import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Comment threads and anti-spam (issue 4): the direct reply target, a hash of the normalised content
 * for duplicate checks, soft deletion of a thread's head, the shared rate-limit counters, and the
 * owner's own emotes.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  // SQLite adds one column per ALTER TABLE.
  await db.schema
    .alterTable('comment')
    .addColumn('reply_to_id', 'integer', (c) => c.references('comment.id').onDelete('set null'))
    .execute();
  await db.schema
    .alterTable('comment')
    .addColumn('content_hash', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('comment')
    .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createIndex('comment_content_hash')
    .on('comment')
    .columns(['content_hash', 'created_at'])
    .execute();
  await db.schema.createIndex('comment_parent').on('comment').column('parent_id').execute();

  await db.schema
    .createTable('rate_limit')
    .addColumn('bucket', 'varchar(200)', (c) => c.primaryKey())
    /** JSON list of hit times (ms) inside the longest window. */
    .addColumn('hits', 'text', (c) => c.notNull())
    /** Optimistic lock: every write bumps it, a write with a stale version changes nothing. */
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('rate_limit_expires').on('rate_limit').column('expires_at').execute();

  await addIdColumn(db.schema.createTable('emote'), db)
    .addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('group_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('url', 'varchar(512)', (c) => c.notNull())
    /** `remote` (picked from the remote index) or `bilibili` (imported package). */
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('emote').execute();
  await db.schema.dropTable('rate_limit').execute();
  await db.schema.dropIndex('comment_parent').execute();
  await db.schema.dropIndex('comment_content_hash').execute();
  for (const column of ['deleted', 'content_hash', 'reply_to_id']) {
    await db.schema.alterTable('comment').dropColumn(column).execute();
  }
};
