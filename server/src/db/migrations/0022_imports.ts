import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Issue 27, moving in: import jobs (the parsed bundle and the cursor the `import-batches` job resumes
 * from), the source-id → our-row map that makes a second import create nothing twice, and the old
 * site's paths answered with a 301 to their new address.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await addIdColumn(db.schema.createTable('import_job'), db)
    .addColumn('platform', 'varchar(16)', (c) => c.notNull())
    .addColumn('file_name', 'varchar(300)', (c) => c.notNull())
    /** previewed | queued | running | done | failed */
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    /** JSON: `{fetchPictures, overwrite}`. */
    .addColumn('options', 'text', (c) => c.notNull())
    /** JSON of the parser's ImportBundle (picture bytes as base64). */
    .addColumn('bundle', 'text', (c) => c.notNull())
    /** Work units done: posts first, then comments; the next batch starts here. */
    .addColumn('cursor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('total', 'integer', (c) => c.notNull())
    /** JSON: `{created, updated, skipped}` counts and the pictures that could not be carried. */
    .addColumn('report', 'text', (c) => c.notNull())
    .addColumn('error', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('import_item')
    .addColumn('platform', 'varchar(16)', (c) => c.notNull())
    /** post | comment | picture */
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_id', 'varchar(1000)', (c) => c.notNull())
    /** `essay` | `article` | `comment` | `picture`. */
    .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    /** For pictures: the stored picture's URL. */
    .addColumn('target_ref', 'varchar(1000)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('import_item_pk', ['platform', 'kind', 'source_id'])
    .execute();
  await addIdColumn(db.schema.createTable('import_redirect'), db)
    /** Normalised (see oldPaths.ts): no trailing slash, `?p=N` kept for WordPress's plain links. */
    .addColumn('old_path', 'varchar(1000)', (c) => c.notNull().unique())
    .addColumn('target_path', 'varchar(1000)', (c) => c.notNull())
    .addColumn('platform', 'varchar(16)', (c) => c.notNull())
    .addColumn('source_id', 'varchar(1000)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
};
