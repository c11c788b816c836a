import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Issue 26 point 5, signed webhooks: the owner's endpoints, the deliveries queued for them (worked
 * off by the `webhook-deliveries` job, so replicas share the queue) and each delivery's attempts.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await addIdColumn(db.schema.createTable('webhook_endpoint'), db)
    .addColumn('name', 'varchar(60)', (c) => c.notNull())
    .addColumn('url', 'varchar(2000)', (c) => c.notNull())
    /** JSON array of event types. */
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    /** `whsec_` + base64: the receiver's copy verifies our signatures. */
    .addColumn('secret', 'varchar(100)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await addIdColumn(db.schema.createTable('webhook_delivery'), db)
    .addColumn('endpoint_id', 'integer', (c) => c.notNull())
    /** The `webhook-id` header: one message, the same over retries and resends. */
    .addColumn('message_id', 'varchar(64)', (c) => c.notNull())
    .addColumn('event_type', 'varchar(64)', (c) => c.notNull())
    /** The exact body sent (and signed). */
    .addColumn('payload', 'text', (c) => c.notNull())
    /** pending | succeeded | failed */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    /** Not before (ms epoch); null once finished. */
    .addColumn('next_attempt_at', 'bigint')
    .addColumn('resend_of', 'integer')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_delivery_due')
    .on('webhook_delivery')
    .columns(['status', 'next_attempt_at'])
    .execute();
  await db.schema
    .createIndex('webhook_delivery_endpoint')
    .on('webhook_delivery')
    .columns(['endpoint_id', 'id'])
    .execute();
  await addIdColumn(db.schema.createTable('webhook_attempt'), db)
    .addColumn('delivery_id', 'integer', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('status_code', 'integer')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('ok', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('webhook_attempt_delivery')
    .on('webhook_attempt')
    .column('delivery_id')
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('webhook_attempt_delivery').execute();
  await db.schema.dropTable('webhook_attempt').execute();
  await db.schema.dropIndex('webhook_delivery_endpoint').execute();
  await db.schema.dropIndex('webhook_delivery_due').execute();
  await db.schema.dropTable('webhook_delivery').execute();
  await db.schema.dropTable('webhook_endpoint').execute();
};
