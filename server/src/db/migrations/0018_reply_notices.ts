import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Issue 25 point 3, replies reach the visitor: a comment's "notify me by mail" tick, the browsers a
 * visitor's device subscribed to Web Push, the queue of replies to announce (worked off by the
 * `reply-notices` job, so replicas share it), when an address last had a mail per thread (one an
 * hour), and the addresses that unsubscribed.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('comment')
    .addColumn('notify_email', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .createTable('visitor_push_subscription')
    .addColumn('endpoint', 'varchar(1024)', (c) => c.primaryKey())
    /** The device (X-Uuid) whose comments' replies go to this browser. */
    .addColumn('uuid', 'varchar(64)', (c) => c.notNull())
    .addColumn('p256dh', 'varchar(256)', (c) => c.notNull())
    .addColumn('auth', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('visitor_push_subscription_uuid')
    .on('visitor_push_subscription')
    .column('uuid')
    .execute();
  await addIdColumn(db.schema.createTable('reply_notice'), db)
    /** The reply to announce to the author of the comment it answers. */
    .addColumn('comment_id', 'integer', (c) => c.notNull())
    .addColumn('push_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('mail_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** Not before (ms epoch): a failed attempt waits before the next. */
    .addColumn('run_after', 'bigint', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reply_notice_run_after').on('reply_notice').column('run_after').execute();
  await db.schema
    .createTable('reply_mail_sent')
    /** Lower-cased address. */
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    /** The top-level comment of the thread. */
    .addColumn('thread_id', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('reply_mail_sent_pk', ['email', 'thread_id'])
    .execute();
  await db.schema
    .createTable('reply_mail_optout')
    .addColumn('email', 'varchar(254)', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('reply_mail_optout').execute();
  await db.schema.dropTable('reply_mail_sent').execute();
  await db.schema.dropIndex('reply_notice_run_after').execute();
  await db.schema.dropTable('reply_notice').execute();
  await db.schema.dropIndex('visitor_push_subscription_uuid').execute();
  await db.schema.dropTable('visitor_push_subscription').execute();
  await db.schema.alterTable('comment').dropColumn('notify_email').execute();
};
