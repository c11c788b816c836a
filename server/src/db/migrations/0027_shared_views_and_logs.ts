import type { Kysely } from 'kysely';
import { dialectOf } from '../dialect.ts';

/**
 * Issue 28: state that several replicas must share.
 * - `analytics_seen`: when a client's view of a page was last counted. Each replica buffers the views
 *   it answers, but whether a view is new (not the same page within the view window) is decided here
 *   when a batch is applied, so a page whose calls nginx spread over two replicas counts once.
 * - `log_line`: lines every replica ships when `LOG_STORE=database`, so the log browser on any replica
 *   shows them all, each with the replica that wrote it.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('analytics_seen')
    .addColumn('client_id', 'integer', (c) =>
      c.notNull().references('analytics_client.id').onDelete('cascade'),
    )
    .addColumn('path', 'varchar(200)', (c) => c.notNull())
    /** When the view last counted for this client and page was made (ms epoch). */
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_seen_pk', ['client_id', 'path'])
    .execute();
  await db.schema.createIndex('analytics_seen_at').on('analytics_seen').column('at').execute();
  // bigserial on PostgreSQL: at thousands of access lines a second a 32-bit id runs out in weeks.
  await db.schema
    .createTable('log_line')
    .addColumn('id', dialectOf(db) === 'postgres' ? 'bigserial' : 'integer', (c) =>
      dialectOf(db) === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('time', 'bigint', (c) => c.notNull())
    .addColumn('level', 'integer', (c) => c.notNull())
    .addColumn('replica', 'varchar(200)', (c) => c.notNull())
    /** The line as pino wrote it (JSON, secrets already redacted). */
    .addColumn('line', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('log_line_time').on('log_line').column('time').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('log_line').execute();
  await db.schema.dropTable('analytics_seen').execute();
};
