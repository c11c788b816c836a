import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Issue 29, ActivityPub: Fedify's key-value store and message queue live in our database (the
 * published @fedify/sqlite and @fedify/postgres do not run with the Fedify that runs on Node 20:
 * docs/decisions.md), so every replica shares them; the owner's followers and blocks beside them.
 * (0025 is the Webmention migration, written on another branch.)
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('federation_kv')
    /** The KvKey's parts joined by U+001F. */
    .addColumn('key', 'varchar(1024)', (c) => c.primaryKey())
    /** JSON. */
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .execute();
  await db.schema.createIndex('federation_kv_expires').on('federation_kv').column('expires_at').execute();

  await addIdColumn(db.schema.createTable('federation_queue'), db)
    /** JSON of Fedify's message. */
    .addColumn('message', 'text', (c) => c.notNull())
    /** Not before (ms epoch). */
    .addColumn('run_at', 'bigint', (c) => c.notNull())
    /** Claimed by a replica until then; a crashed replica's claim runs out and another takes it. */
    .addColumn('lease_until', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_owner', 'varchar(64)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('federation_queue_due')
    .on('federation_queue')
    .columns(['run_at', 'lease_until'])
    .execute();

  await db.schema
    .createTable('federation_follower')
    .addColumn('actor_url', 'varchar(2000)', (c) => c.primaryKey())
    .addColumn('inbox', 'varchar(2000)', (c) => c.notNull())
    .addColumn('shared_inbox', 'varchar(2000)')
    /** `@name@host`. */
    .addColumn('handle', 'varchar(300)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    /** The Follow activity's id (an Accept or Reject names it). */
    .addColumn('follow_id', 'varchar(2000)', (c) => c.notNull())
    /** `accepted`, or `pending` while the owner's approval is asked. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('federation_block')
    /** An actor's URL or a bare domain (`example.com`, its subdomains too). */
    .addColumn('target', 'varchar(2000)', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await addIdColumn(db.schema.createTable('federation_delivery'), db)
    /** The activity's id and type, and the inbox it went to. */
    .addColumn('activity_id', 'varchar(2000)', (c) => c.notNull())
    .addColumn('activity_type', 'varchar(32)', (c) => c.notNull())
    .addColumn('inbox', 'varchar(2000)', (c) => c.notNull())
    /** `failed` (the remote's answer in `error`); a later success clears it. */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('federation_delivery').execute();
  await db.schema.dropTable('federation_block').execute();
  await db.schema.dropTable('federation_follower').execute();
  await db.schema.dropIndex('federation_queue_due').execute();
  await db.schema.dropTable('federation_queue').execute();
  await db.schema.dropIndex('federation_kv_expires').execute();
  await db.schema.dropTable('federation_kv').execute();
};
