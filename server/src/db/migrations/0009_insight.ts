import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Issue 13: visitor analytics (one row a client, per-day/hour/page/referrer counters, applied batch
 * ids so a retried flush never counts twice), devices seen on the home network with their presence
 * intervals, and the owner's own parking places and orders.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await addIdColumn(db.schema.createTable('analytics_client'), db)
    .addColumn('uuid', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('first_seen', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('browser', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('os', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('platform', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('ip_hash', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('label', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('excluded', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('analytics_view')
    .addColumn('client_id', 'integer', (c) =>
      c.notNull().references('analytics_client.id').onDelete('cascade'),
    )
    /** Start of the UTC hour the views fell in (ms epoch). */
    .addColumn('hour', 'bigint', (c) => c.notNull())
    .addColumn('path', 'varchar(200)', (c) => c.notNull())
    /** Host of the outside page the visitor came from, '' when none. */
    .addColumn('referrer', 'varchar(200)', (c) => c.notNull())
    .addColumn('views', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('analytics_view_pk', ['client_id', 'hour', 'path', 'referrer'])
    .execute();
  await db.schema.createIndex('analytics_view_hour').on('analytics_view').column('hour').execute();
  await db.schema
    .createTable('analytics_batch')
    // Not `id`: the import moves the sequences of tables with an integer `id` on.
    .addColumn('batch_id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('net_device')
    .addColumn('mac', 'varchar(17)', (c) => c.primaryKey())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('hostname', 'varchar(128)', (c) => c.notNull())
    .addColumn('label', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('first_seen', 'bigint', (c) => c.notNull())
    .addColumn('last_seen', 'bigint', (c) => c.notNull())
    .execute();
  await addIdColumn(db.schema.createTable('net_presence'), db)
    .addColumn('mac', 'varchar(17)', (c) => c.notNull().references('net_device.mac').onDelete('cascade'))
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('net_presence_mac').on('net_presence').columns(['mac', 'end_at']).execute();
  await addIdColumn(db.schema.createTable('parking_place'), db)
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('address', 'varchar(200)', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('capacity', 'integer')
    .addColumn('free', 'integer')
    .addColumn('price', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await addIdColumn(db.schema.createTable('parking_order'), db)
    .addColumn('place', 'varchar(100)', (c) => c.notNull())
    .addColumn('start_at', 'bigint', (c) => c.notNull())
    .addColumn('end_at', 'bigint')
    /** In cents. */
    .addColumn('fee', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  for (const table of [
    'parking_order',
    'parking_place',
    'net_presence',
    'net_device',
    'analytics_batch',
    'analytics_view',
    'analytics_client',
  ]) {
    await db.schema.dropTable(table).execute();
  }
};
