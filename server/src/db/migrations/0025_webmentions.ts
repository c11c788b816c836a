import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Issue 29 point 4, Webmention: mentions received (verified off the request by the
 * `webmention-verify` job, W3C Webmention §3.2.3) and mentions sent for our essays' links (by the
 * `webmention-send` job). Both are keyed by a sha256 of their addresses: two 2000-character URLs
 * are longer than a PostgreSQL index entry may be.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await addIdColumn(db.schema.createTable('webmention_received'), db)
    /** sha256 hex of `source target`: a repeated notification updates its row. */
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('source', 'varchar(2000)', (c) => c.notNull())
    .addColumn('target', 'varchar(2000)', (c) => c.notNull())
    /** The source's host, for the per-host rate limit and the owner's eye. */
    .addColumn('source_host', 'varchar(255)', (c) => c.notNull())
    /** `essay` (the only target that accepts mentions so far). */
    .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    /** pending | verified | rejected (no link to the target) | gone (source deleted) | failed */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** When the job should (re)check it; null once settled. */
    .addColumn('next_check_at', 'bigint')
    .addColumn('error', 'text')
    /** reply | like | repost | mention, from the source's h-entry. */
    .addColumn('kind', 'varchar(16)')
    .addColumn('author_name', 'varchar(200)')
    .addColumn('author_url', 'varchar(2000)')
    .addColumn('author_photo', 'varchar(2000)')
    /** Plain text: the source's markup is never kept. */
    .addColumn('content', 'text')
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .addColumn('checked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('webmention_received_due')
    .on('webmention_received')
    .columns(['status', 'next_check_at'])
    .execute();
  await db.schema
    .createIndex('webmention_received_target')
    .on('webmention_received')
    .columns(['target_type', 'target_id', 'status'])
    .execute();

  await addIdColumn(db.schema.createTable('webmention_sent'), db)
    /** sha256 hex of `essay_id target`: one row per link of an essay. */
    .addColumn('key', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('essay_id', 'integer', (c) => c.notNull())
    /** The page our essay links to. */
    .addColumn('target', 'varchar(2000)', (c) => c.notNull())
    /** 1: the essay no longer links there; one more notification tells the receiver so. */
    .addColumn('removed', 'integer', (c) => c.notNull().defaultTo(0))
    /** pending | sent | none (no endpoint) | failed */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('endpoint', 'varchar(2000)')
    .addColumn('status_code', 'integer')
    .addColumn('error', 'text')
    .addColumn('sent_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webmention_sent_due')
    .on('webmention_sent')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema.createIndex('webmention_sent_essay').on('webmention_sent').column('essay_id').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('webmention_sent_essay').execute();
  await db.schema.dropIndex('webmention_sent_due').execute();
  await db.schema.dropTable('webmention_sent').execute();
  await db.schema.dropIndex('webmention_received_target').execute();
  await db.schema.dropIndex('webmention_received_due').execute();
  await db.schema.dropTable('webmention_received').execute();
};
