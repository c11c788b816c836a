import type { Kysely } from 'kysely';

/** Issue 14: temporary blobs shared by link until they expire (the bytes live in blob storage). */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('buffer_blob')
    .addColumn('id', 'varchar(16)', (c) => c.primaryKey())
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('blob_key', 'varchar(512)', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('content_type', 'varchar(128)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('buffer_blob_expires').on('buffer_blob').column('expires_at').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('buffer_blob').execute();
};
