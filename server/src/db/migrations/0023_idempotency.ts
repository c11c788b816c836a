import type { Kysely } from 'kysely';

/**
 * Owner writes carrying an `Idempotency-Key` (issue 28): the key is claimed before the write and the
 * answer kept after it, so a write a balancer sends again — nginx resends a PUT or DELETE to the next
 * replica when the first one died mid-answer — is done once and answered the same.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('idempotency_key')
    .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
    /** The owner call it was used for, `PUT /todolist/realtodo`: another call with the key is refused. */
    .addColumn('request', 'varchar(600)', (c) => c.notNull())
    /** The envelope answered, once the write is done; null while it runs (or if its replica died). */
    .addColumn('answer', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idempotency_key_created').on('idempotency_key').column('created_at').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('idempotency_key').execute();
};
