import { type Kysely, sql } from 'kysely';
import { dialectOf } from '../dialect.ts';

/** Tables whose `content` column gets a full-text index. */
const searchable = ['essay', 'moment'] as const;

/**
 * Full-text search that works for Chinese on both databases (issue 4), plus content indexes.
 *
 * SQLite: an external-content FTS5 table per searchable table with the `trigram` tokenizer (every
 * 3-character window is a token, so no word segmentation is needed), kept in step by triggers.
 * PostgreSQL: a `pg_trgm` GIN index on `content`, which `ILIKE '%…%'` uses. How keywords shorter than
 * a trigram are handled is in db/textSearch.ts.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  if (dialectOf(db) === 'postgres') {
    // pg_trgm is a trusted extension (PostgreSQL ≥ 13): a database owner may create it.
    await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);
    for (const table of searchable) {
      await sql
        .raw(`CREATE INDEX ${table}_content_trgm ON ${table} USING gin (content gin_trgm_ops)`)
        .execute(db);
    }
  } else {
    for (const table of searchable) {
      const fts = `${table}_fts`;
      await sql
        .raw(
          `CREATE VIRTUAL TABLE ${fts} USING fts5(content, content='${table}', content_rowid='id', tokenize='trigram')`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${fts}_insert AFTER INSERT ON ${table} BEGIN
             INSERT INTO ${fts}(rowid, content) VALUES (new.id, new.content);
           END`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${fts}_delete AFTER DELETE ON ${table} BEGIN
             INSERT INTO ${fts}(${fts}, rowid, content) VALUES ('delete', old.id, old.content);
           END`,
        )
        .execute(db);
      await sql
        .raw(
          `CREATE TRIGGER ${fts}_update AFTER UPDATE OF content ON ${table} BEGIN
             INSERT INTO ${fts}(${fts}, rowid, content) VALUES ('delete', old.id, old.content);
             INSERT INTO ${fts}(rowid, content) VALUES (new.id, new.content);
           END`,
        )
        .execute(db);
      // Rows written before this migration (e.g. a seeded database) enter the index too.
      await sql.raw(`INSERT INTO ${fts}(${fts}) VALUES ('rebuild')`).execute(db);
    }
  }

  // The random quote counts and skips along (length, id) without touching the table.
  await db.schema.createIndex('hitokoto_length_id').on('hitokoto').columns(['length', 'id']).execute();
  await db.schema.dropIndex('hitokoto_length').execute();
  await db.schema.createIndex('link_order').on('link').columns(['sort_order', 'id']).execute();
  await db.schema.createIndex('bangumi_updated').on('bangumi').columns(['updated_at', 'id']).execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('bangumi_updated').execute();
  await db.schema.dropIndex('link_order').execute();
  await db.schema.createIndex('hitokoto_length').on('hitokoto').column('length').execute();
  await db.schema.dropIndex('hitokoto_length_id').execute();
  for (const table of searchable) {
    if (dialectOf(db) === 'postgres') {
      await sql.raw(`DROP INDEX ${table}_content_trgm`).execute(db);
    } else {
      for (const trigger of ['insert', 'delete', 'update']) {
        await sql.raw(`DROP TRIGGER ${table}_fts_${trigger}`).execute(db);
      }
      await sql.raw(`DROP TABLE ${table}_fts`).execute(db);
    }
  }
};
