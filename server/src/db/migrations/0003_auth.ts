import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/** Owner account, access keys, login attempts, audit log (issue 5). */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  // One owner: the fixed id 1 lets replicas that start together race to create it safely.
  await db.schema
    .createTable('owner')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await addIdColumn(db.schema.createTable('access_key'), db)
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('owner.id').onDelete('cascade'))
    // sha256 of the key, hex: the key itself is never stored.
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(256)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('access_key_expires').on('access_key').column('expires_at').execute();

  await addIdColumn(db.schema.createTable('login_attempt'), db)
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_agent', 'varchar(256)', (c) => c.notNull())
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  // The brute-force limiter counts recent rows per IP and per username.
  await db.schema.createIndex('login_attempt_ip').on('login_attempt').columns(['ip', 'created_at']).execute();
  await db.schema
    .createIndex('login_attempt_username')
    .on('login_attempt')
    .columns(['username', 'created_at'])
    .execute();
  await db.schema.createIndex('login_attempt_created').on('login_attempt').column('created_at').execute();

  await addIdColumn(db.schema.createTable('audit_log'), db)
    .addColumn('username', 'varchar(64)', (c) => c.notNull())
    .addColumn('method', 'varchar(8)', (c) => c.notNull())
    .addColumn('path', 'varchar(512)', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('audit_log_created').on('audit_log').column('created_at').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('audit_log').execute();
  await db.schema.dropTable('login_attempt').execute();
  await db.schema.dropTable('access_key').execute();
  await db.schema.dropTable('owner').execute();
};
