import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * Writing (issue 10): when a reserved essay's publication was announced (its side effects ran —
 * claimed by one replica with a conditional update), and the owner's uploaded images with their
 * sizes (so pages can reserve space before the pictures load).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('essay').addColumn('announced_at', 'bigint').execute();
  await db.schema.createIndex('essay_reservation').on('essay').columns(['reservation']).execute();
  await addIdColumn(db.schema.createTable('image'), db)
    .addColumn('key', 'varchar(300)', (c) => c.notNull().unique())
    .addColumn('mime', 'varchar(64)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('image').execute();
  await db.schema.dropIndex('essay_reservation').execute();
  await db.schema.alterTable('essay').dropColumn('announced_at').execute();
};
