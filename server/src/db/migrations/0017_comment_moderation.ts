import type { Kysely } from 'kysely';

/**
 * Comments a site can leave open (issue 25). Every comment gets a moderation status (`visible`,
 * `held` for the owner's review, `spam`) and a source (`visitor` today; fediverse replies and
 * Webmentions use the same queue later). Every accepted proof of work is remembered by its
 * challenge's signature until the challenge expires: the primary key makes a second use fail on
 * whichever replica tries it.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  // SQLite adds one column per ALTER TABLE.
  await db.schema
    .alterTable('comment')
    .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('visible'))
    .execute();
  await db.schema
    .alterTable('comment')
    .addColumn('source', 'varchar(16)', (c) => c.notNull().defaultTo('visitor'))
    .execute();
  await db.schema.createIndex('comment_status').on('comment').columns(['status', 'id']).execute();
  await db.schema.createIndex('comment_uuid').on('comment').column('uuid').execute();
  await db.schema.createIndex('comment_ip').on('comment').column('ip').execute();

  await db.schema
    .createTable('comment_proof_spent')
    .addColumn('signature', 'varchar(128)', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comment_proof_spent_expires')
    .on('comment_proof_spent')
    .column('expires_at')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('comment_proof_spent').execute();
  await db.schema.dropIndex('comment_ip').execute();
  await db.schema.dropIndex('comment_uuid').execute();
  await db.schema.dropIndex('comment_status').execute();
  await db.schema.alterTable('comment').dropColumn('source').execute();
  await db.schema.alterTable('comment').dropColumn('status').execute();
};
