import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Scheduled jobs (issue 12): each job's schedule and lease (one replica runs it at a time; the lease
 * expires if its holder dies), its run history, and the friend-link health counter.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('job')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('cron', 'varchar(120)', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('last_run_at', 'bigint')
    /** The scheduled time of the last run claimed (a replica firing the same slot again gets nothing). */
    .addColumn('last_slot', 'bigint')
    .addColumn('lease_owner', 'varchar(80)')
    .addColumn('lease_until', 'bigint')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await addIdColumn(db.schema.createTable('job_run'), db)
    .addColumn('job_id', 'varchar(64)', (c) => c.notNull().references('job.id').onDelete('cascade'))
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    /** `ok` or `error`. */
    .addColumn('outcome', 'varchar(16)', (c) => c.notNull())
    .addColumn('output', 'text', (c) => c.notNull())
    /** `schedule`, `catch-up` or `manual`. */
    .addColumn('trigger', 'varchar(16)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_run_job').on('job_run').columns(['job_id', 'id']).execute();
  await db.schema
    .alterTable('link')
    .addColumn('fail_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('link').addColumn('checked_at', 'bigint').execute();
  await db.schema.alterTable('link').addColumn('check_result', 'varchar(200)').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  for (const column of ['check_result', 'checked_at', 'fail_count']) {
    await db.schema.alterTable('link').dropColumn(column).execute();
  }
  await db.schema.dropTable('job_run').execute();
  await db.schema.dropTable('job').execute();
};
