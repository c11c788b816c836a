import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Video clips and collections (issue 15). The clip table is also the processing queue: a clip in
 * state `draft` waits, `processing` is leased by one worker until `lease_until` (an expired lease
 * is taken over, so work survives a restart), and `job_rev` tells a worker its result is stale.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await addIdColumn(db.schema.createTable('video_material'), db)
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    /** JSON list of strings. */
    .addColumn('tags', 'text', (c) => c.notNull())
    /** Relative to VIDEO_SOURCE_DIR; null for an upload. */
    .addColumn('source_path', 'varchar(1024)')
    /** The uploaded original in blob storage. */
    .addColumn('upload_key', 'varchar(512)')
    .addColumn('upload_name', 'varchar(255)')
    .addColumn('start_ms', 'bigint', (c) => c.notNull())
    .addColumn('end_ms', 'bigint')
    .addColumn('cover_at_ms', 'bigint')
    /** draft (queued) · processing · ready · failed; publishing is `published_at`. */
    .addColumn('state', 'varchar(16)', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .addColumn('job_rev', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('queued_at', 'bigint')
    .addColumn('lease_until', 'bigint')
    .addColumn('duration_ms', 'bigint')
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('size', 'bigint')
    /** Blob keys of the made MP4 and cover; `{rev}` in their names changes with the media. */
    .addColumn('media_key', 'varchar(512)')
    .addColumn('cover_key', 'varchar(512)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addColumn('published_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('video_material_queue')
    .on('video_material')
    .columns(['state', 'queued_at'])
    .execute();

  await addIdColumn(db.schema.createTable('video_collection'), db)
    .addColumn('title', 'varchar(100)', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('cover_material_id', 'integer')
    /** JSON list of clip ids in play order. */
    .addColumn('material_ids', 'text', (c) => c.notNull())
    .addColumn('published_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  /** ffprobe answers for source files, valid while the file's mtime and size are unchanged. */
  await db.schema
    .createTable('video_probe')
    .addColumn('path', 'varchar(1024)', (c) => c.primaryKey())
    .addColumn('mtime_ms', 'bigint', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('info', 'text', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('video_probe').execute();
  await db.schema.dropTable('video_collection').execute();
  await db.schema.dropTable('video_material').execute();
};
