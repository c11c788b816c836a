import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Issue 29.5, the delivery queue in the back office: one row per delivery that has failed (the
 * message Fedify keeps retrying, or gave up on), keyed by Fedify's message id, with the remote's
 * answer and what a retry needs. It replaces 0028's log of every failed try, which could not be
 * retried and grew by one row a try (its rows are dropped with it).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('federation_delivery').execute();
  await addIdColumn(db.schema.createTable('federation_delivery'), db)
    /** Fedify's outbox message id: the same for every retry of one delivery. */
    .addColumn('message_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('activity_id', 'varchar(2000)', (c) => c.notNull())
    /** `Create`, `Update`, `Delete`, `Accept` … */
    .addColumn('activity_type', 'varchar(64)', (c) => c.notNull())
    .addColumn('inbox', 'varchar(2000)', (c) => c.notNull())
    /** `retrying` while the queue holds its next try, `failed` once Fedify gave up (or we refused it). */
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    /** Tries so far. */
    .addColumn('attempts', 'integer', (c) => c.notNull())
    /** The remote's HTTP status; null when none came (refused address, network, timeout). */
    .addColumn('status_code', 'integer')
    /** The start of the remote's answer, or why there was none. */
    .addColumn('answer', 'text', (c) => c.notNull())
    /** Fedify's message without its keys, kept to queue it again (a retry adds the current keys). */
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('federation_delivery_state')
    .on('federation_delivery')
    .columns(['state', 'updated_at'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('federation_delivery_state').execute();
  await db.schema.dropTable('federation_delivery').execute();
  await addIdColumn(db.schema.createTable('federation_delivery'), db)
    .addColumn('activity_id', 'varchar(2000)', (c) => c.notNull())
    .addColumn('activity_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('inbox', 'varchar(2000)', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
};
