import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('handshake')
    .addColumn('uuid', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('private_key', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('handshake_expires').on('handshake').column('expires_at').execute();

  await addIdColumn(db.schema.createTable('meta_string'), db)
    .addColumn('group_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('key', 'varchar(128)', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('meta_string_group_key', ['group_name', 'key'])
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('meta_string').execute();
  await db.schema.dropTable('handshake').execute();
};
