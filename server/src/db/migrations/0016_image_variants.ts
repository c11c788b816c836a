import type { Kysely } from 'kysely';

/**
 * Issue 30, one image pipeline: every stored picture (a row of `image`) gets resized copies in AVIF,
 * WebP and its own format, a thumbhash placeholder, and a state the `image-variants` job works
 * through — rows made before this migration start as `pending`, so the job (or
 * `npm run images -- backfill`) makes their variants too.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('image')
    .addColumn('variant_state', 'varchar(8)', (c) => c.notNull().defaultTo('pending'))
    .execute();
  await db.schema
    .alterTable('image')
    .addColumn('variant_attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  /** When the next attempt may run (ms epoch): a failed one waits before it is tried again. */
  await db.schema
    .alterTable('image')
    .addColumn('variant_after', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('image').addColumn('variant_error', 'text').execute();
  /** Base64 thumbhash (≈ 25 bytes): the blurred placeholder painted until the picture loads. */
  await db.schema.alterTable('image').addColumn('thumbhash', 'varchar(64)').execute();
  /** JSON: `{ "avif": [320, 640], "webp": [...], "jpeg": [...] }` — the widths made, per format. */
  await db.schema.alterTable('image').addColumn('variants', 'text').execute();
  /** The first 16 hex digits of the original's SHA-256: the variants' folder, so names follow content. */
  await db.schema.alterTable('image').addColumn('hash', 'varchar(16)').execute();
  await db.schema.createIndex('image_variant_state').on('image').columns(['variant_state']).execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('image_variant_state').execute();
  for (const column of [
    'hash',
    'variants',
    'thumbhash',
    'variant_error',
    'variant_after',
    'variant_attempts',
    'variant_state',
  ])
    await db.schema.alterTable('image').dropColumn(column).execute();
};
