import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Issue 26 point 4, API tokens: named, scoped, optionally expiring owner credentials sent as
 * `Authorization: Bearer`. Only the secret's SHA-256 is kept; rows stay after revocation so the
 * list shows what was revoked and when.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await addIdColumn(db.schema.createTable('api_token'), db)
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    /** Hex SHA-256 of the whole secret. */
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    /** The secret's first characters, shown in the list. */
    .addColumn('prefix', 'varchar(16)', (c) => c.notNull())
    /** read | write | modules */
    .addColumn('scope', 'varchar(16)', (c) => c.notNull())
    /** JSON array of route groups, for `modules`; `[]` otherwise. */
    .addColumn('modules', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('api_token').execute();
};
