import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/**
 * The owner's collections (issue 11): the to-do list, and the waifu gallery's preview image, tags
 * and the owner's order (smaller first; new uploads go before everything).
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await addIdColumn(db.schema.createTable('todo'), db)
    .addColumn('title', 'varchar(200)', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('due_at', 'bigint')
    .addColumn('priority', 'integer', (c) => c.notNull())
    .addColumn('sort_order', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('todo_order').on('todo').columns(['sort_order', 'id']).execute();
  await db.schema
    .alterTable('waifu')
    .addColumn('preview', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('waifu')
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('waifu')
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('waifu').dropColumn('sort_order').execute();
  await db.schema.alterTable('waifu').dropColumn('tags').execute();
  await db.schema.alterTable('waifu').dropColumn('preview').execute();
  await db.schema.dropTable('todo').execute();
};
