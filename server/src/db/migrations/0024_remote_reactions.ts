import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Issue 29, one thread for every reaction: fediverse replies and Webmentions are comments like a
 * visitor's (their `source` says where they came from) with the remote author's profile and avatar,
 * and the remote id (an ActivityPub object id or a Webmention source URL) that a later Update or
 * Delete names. Likes and reposts are rows of `reaction`, counted under the post. Unique remote ids
 * make a redelivered activity land once, on whichever replica receives it.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  // SQLite adds one column per ALTER TABLE.
  await db.schema.alterTable('comment').addColumn('remote_id', 'varchar(2000)').execute();
  await db.schema.alterTable('comment').addColumn('author_url', 'varchar(2000)').execute();
  await db.schema.alterTable('comment').addColumn('author_avatar', 'varchar(2000)').execute();
  await db.schema.createIndex('comment_remote_id').on('comment').column('remote_id').unique().execute();

  await addIdColumn(db.schema.createTable('reaction'), db)
    /** `essay`, `moment` or `article`: what was liked or reposted. */
    .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    /** `like` or `repost`. */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    /** `fediverse` or `webmention`. */
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    /** The Like / Announce activity id, or the Webmention source URL. */
    .addColumn('remote_id', 'varchar(2000)', (c) => c.notNull().unique())
    .addColumn('actor_url', 'varchar(2000)', (c) => c.notNull())
    .addColumn('actor_name', 'varchar(200)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reaction_target')
    .on('reaction')
    .columns(['target_type', 'target_id', 'kind'])
    .execute();
  await db.schema.createIndex('reaction_actor').on('reaction').column('actor_url').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('reaction_actor').execute();
  await db.schema.dropIndex('reaction_target').execute();
  await db.schema.dropTable('reaction').execute();
  await db.schema.dropIndex('comment_remote_id').execute();
  await db.schema.alterTable('comment').dropColumn('author_avatar').execute();
  await db.schema.alterTable('comment').dropColumn('author_url').execute();
  await db.schema.alterTable('comment').dropColumn('remote_id').execute();
};
