import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Issue 26 points 1–3: the owner's passkeys, TOTP secret and recovery codes; single-use challenges
 * and login tickets in the database so every replica agrees; and on each session how it logged in
 * and when the owner last proved who they are (the fresh-login guard reads it).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('access_key').addColumn('authenticated_at', 'bigint').execute();
  await db.schema
    .alterTable('access_key')
    .addColumn('method', 'varchar(16)', (c) => c.notNull().defaultTo('password'))
    .execute();
  await addIdColumn(db.schema.createTable('owner_passkey'), db)
    /** base64url credential id, as the browser names it. */
    .addColumn('credential_id', 'varchar(1400)', (c) => c.notNull().unique())
    /** base64url COSE public key. */
    .addColumn('public_key', 'text', (c) => c.notNull())
    .addColumn('counter', 'bigint', (c) => c.notNull())
    /** JSON array of transports. */
    .addColumn('transports', 'text', (c) => c.notNull())
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .execute();
  await db.schema
    .createTable('owner_totp')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('secret', 'varchar(64)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    /** The last time step a code was accepted for: no code is accepted twice. */
    .addColumn('last_step', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await addIdColumn(db.schema.createTable('owner_recovery_code'), db)
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('used_at', 'bigint')
    .execute();
  await addIdColumn(db.schema.createTable('owner_challenge'), db)
    /** A WebAuthn challenge, or the SHA-256 of a login ticket. */
    .addColumn('value', 'varchar(128)', (c) => c.notNull().unique())
    /** register | assert | ticket */
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('owner_challenge').execute();
  await db.schema.dropTable('owner_recovery_code').execute();
  await db.schema.dropTable('owner_totp').execute();
  await db.schema.dropTable('owner_passkey').execute();
  await db.schema.alterTable('access_key').dropColumn('method').execute();
  await db.schema.alterTable('access_key').dropColumn('authenticated_at').execute();
};
