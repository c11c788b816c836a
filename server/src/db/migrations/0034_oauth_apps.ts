import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Issue 42: fediverse apps log in as the owner through OAuth 2 (the Mastodon client API). Apps
 * register themselves; the owner approves one on the back office's page, which mints a short-lived
 * code; the code (with its PKCE verifier) becomes an access token. Only SHA-256 digests of the
 * client secret, the code and the tokens are kept. A picture's alt text (`image.alt`) comes with it:
 * apps send it with the upload, before any post names the picture.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await addIdColumn(db.schema.createTable('oauth_app'), db)
    .addColumn('client_id', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('website', 'varchar(500)')
    /** JSON array of the redirect URIs it registered. */
    .addColumn('redirect_uris', 'text', (c) => c.notNull())
    /** Space-separated scopes it may ask for. */
    .addColumn('scopes', 'varchar(500)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('oauth_code')
    .addColumn('code_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('app_id', 'integer', (c) => c.notNull())
    .addColumn('redirect_uri', 'varchar(1000)', (c) => c.notNull())
    .addColumn('scopes', 'varchar(500)', (c) => c.notNull())
    /** PKCE S256 challenge; null when the app sent none (then the client secret alone proves it). */
    .addColumn('code_challenge', 'varchar(128)')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await addIdColumn(db.schema.createTable('oauth_token'), db)
    .addColumn('app_id', 'integer', (c) => c.notNull())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('scopes', 'varchar(500)', (c) => c.notNull())
    /** `user`: acts for the owner (authorization code); `app`: client credentials, no owner. */
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('last_used_at', 'bigint')
    .addColumn('revoked_at', 'bigint')
    .execute();
  await db.schema.createIndex('oauth_token_app').on('oauth_token').column('app_id').execute();
  await db.schema.alterTable('image').addColumn('alt', 'varchar(1500)').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('image').dropColumn('alt').execute();
  await db.schema.dropTable('oauth_token').execute();
  await db.schema.dropTable('oauth_code').execute();
  await db.schema.dropTable('oauth_app').execute();
};
