import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Issue 12, message push: each channel's settings (secrets included: the database is the owner's),
 * the owner's Web Push subscriptions, and the last 100 messages with their result per channel.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('push_channel')
    .addColumn('channel', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON of the channel's fields. */
    .addColumn('settings', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('push_subscription')
    .addColumn('endpoint', 'varchar(1024)', (c) => c.primaryKey())
    .addColumn('p256dh', 'varchar(256)', (c) => c.notNull())
    .addColumn('auth', 'varchar(128)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(256)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await addIdColumn(db.schema.createTable('push_message'), db)
    .addColumn('kind', 'varchar(32)', (c) => c.notNull())
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('url', 'varchar(1024)')
    .addColumn('level', 'varchar(8)', (c) => c.notNull())
    /** JSON: one result per channel tried. */
    .addColumn('results', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('push_message').execute();
  await db.schema.dropTable('push_subscription').execute();
  await db.schema.dropTable('push_channel').execute();
};
