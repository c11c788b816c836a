import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Issue 43, readers by e-mail: the subscribers (double opt-in), one row an essay mailing, and one
 * row a (essay, subscriber) delivery — its unique key is what keeps a restart or a second replica
 * from mailing anyone the same essay twice.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await addIdColumn(db.schema.createTable('newsletter_subscriber'), db)
    /** Lower-cased. */
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    /** `pending` `confirmed` `unsubscribed` `bounced` */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('source', 'varchar(16)', (c) => c.notNull())
    /** SHA-256 (hex) of the confirmation link's token; the token itself is only in the mail. */
    .addColumn('token_hash', 'varchar(64)')
    .addColumn('token_expires', 'bigint')
    /** A confirmation mail is owed since then (the job sends it); null when none is owed. */
    .addColumn('confirm_wanted_at', 'bigint')
    .addColumn('confirm_sent_at', 'bigint')
    .addColumn('confirmed_at', 'bigint')
    .addColumn('unsubscribed_at', 'bigint')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('newsletter_subscriber_status')
    .on('newsletter_subscriber')
    .column('status')
    .execute();
  await db.schema
    .createTable('newsletter_issue')
    .addColumn('essay_id', 'integer', (c) => c.primaryKey())
    /** `held` `queued` `done` `skipped` */
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await addIdColumn(db.schema.createTable('newsletter_delivery'), db)
    .addColumn('essay_id', 'integer', (c) => c.notNull())
    .addColumn('subscriber_id', 'integer', (c) => c.notNull())
    /** `pending` `sending` (claimed) `sent` `failed` `skipped` */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('not_before', 'bigint', (c) => c.notNull())
    .addColumn('claimed_at', 'bigint')
    .addColumn('sent_at', 'bigint')
    .addColumn('error', 'text')
    .addUniqueConstraint('newsletter_delivery_once', ['essay_id', 'subscriber_id'])
    .execute();
  await db.schema
    .createIndex('newsletter_delivery_due')
    .on('newsletter_delivery')
    .columns(['status', 'not_before'])
    .execute();
  await db.schema
    .createIndex('newsletter_delivery_sent')
    .on('newsletter_delivery')
    .column('sent_at')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('newsletter_delivery').execute();
  await db.schema.dropTable('newsletter_issue').execute();
  await db.schema.dropTable('newsletter_subscriber').execute();
};
