import type { Kysely } from 'kysely';
import { addIdColumn } from '../dialect.ts';

/** The public content tables (spec §3); field choices are recorded in docs/data.md. */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await addIdColumn(db.schema.createTable('essay'), db)
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('hide', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reservation', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('article')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await addIdColumn(db.schema.createTable('link'), db)
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('url', 'varchar(512)', (c) => c.notNull())
    .addColumn('avatar', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('state', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await addIdColumn(db.schema.createTable('hitokoto'), db)
    .addColumn('hitokoto', 'text', (c) => c.notNull())
    .addColumn('type', 'varchar(8)', (c) => c.notNull())
    .addColumn('source', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('source_who', 'varchar(256)')
    .addColumn('length', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('hitokoto_length').on('hitokoto').column('length').execute();

  await addIdColumn(db.schema.createTable('bangumi'), db)
    .addColumn('subject_id', 'integer')
    .addColumn('title', 'varchar(256)', (c) => c.notNull())
    .addColumn('title_cn', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('cover', 'varchar(512)', (c) => c.notNull().defaultTo(''))
    .addColumn('air_date', 'varchar(10)')
    .addColumn('episodes_watched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('episodes_total', 'integer')
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('rating', 'integer')
    .addColumn('review', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await addIdColumn(db.schema.createTable('moment'), db)
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('images', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('moment_created').on('moment').column('created_at').execute();

  await addIdColumn(db.schema.createTable('comment'), db)
    .addColumn('target_type', 'varchar(16)', (c) => c.notNull())
    .addColumn('target_id', 'integer', (c) => c.notNull())
    .addColumn('parent_id', 'integer', (c) => c.references('comment.id').onDelete('cascade'))
    .addColumn('uuid', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('guest_name', 'varchar(64)', (c) => c.notNull().defaultTo(''))
    .addColumn('guest_email', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_owner', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comment_target')
    .on('comment')
    .columns(['target_type', 'target_id', 'id'])
    .execute();

  await addIdColumn(db.schema.createTable('waifu'), db)
    .addColumn('url', 'varchar(512)', (c) => c.notNull())
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('title', 'varchar(256)', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  for (const table of ['waifu', 'comment', 'moment', 'bangumi', 'hitokoto', 'link', 'article', 'essay']) {
    await db.schema.dropTable(table).execute();
  }
};
