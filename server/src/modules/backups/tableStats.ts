import { createHash } from 'node:crypto';
import type SqliteDatabase from 'better-sqlite3';
import type pg from 'pg';
import type { TableStats } from './manifest.ts';

/** Rows from each end of a table (ordered by their text) that the sample hash covers. */
const SAMPLE = 25;

const hashOf = (rows: string[]): string => {
  const hash = createHash('sha256');
  for (const row of rows) hash.update(row).update('\n');
  return hash.digest('hex');
};

/**
 * What the drill compares (issue 45.3): per table, its row count and a hash of its first and last
 * rows in text order. Taken from the snapshot at backup time and again from the restored copy, so
 * a restore that lost or changed rows shows as a difference.
 */
export const sqliteTableStats = (db: SqliteDatabase.Database): TableStats => {
  const tables = db
    .prepare(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name",
    )
    .pluck()
    .all() as string[];
  const stats: TableStats = {};
  for (const table of tables) {
    const quoted = `"${table.replaceAll('"', '""')}"`;
    const columns = (db.prepare(`PRAGMA table_info(${quoted})`).all() as { name: string }[]).map(
      (c) => `quote("${c.name.replaceAll('"', '""')}")`,
    );
    const row = columns.join(" || ',' || ");
    const rows = db.prepare(`SELECT count(*) FROM ${quoted}`).pluck().get() as number;
    const first = db.prepare(`SELECT ${row} AS r FROM ${quoted} ORDER BY r LIMIT ${SAMPLE}`).pluck().all();
    const last = db
      .prepare(`SELECT ${row} AS r FROM ${quoted} ORDER BY r DESC LIMIT ${SAMPLE}`)
      .pluck()
      .all();
    stats[table] = { rows, sample: hashOf([...first, ...last].map(String)) };
  }
  return stats;
};

/** The same on PostgreSQL, inside whatever transaction (snapshot) `client` is in. */
export const postgresTableStats = async (client: pg.ClientBase): Promise<TableStats> => {
  const { rows: tables } = await client.query<{ name: string }>(
    'SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema() ORDER BY tablename',
  );
  const stats: TableStats = {};
  for (const { name } of tables) {
    const quoted = `"${name.replaceAll('"', '""')}"`;
    const count = await client.query<{ n: string }>(`SELECT count(*) AS n FROM ${quoted}`);
    const sample = async (order: 'ASC' | 'DESC') =>
      (
        await client.query<{ r: string }>(
          `SELECT t::text AS r FROM ${quoted} t ORDER BY t::text COLLATE "C" ${order} LIMIT ${SAMPLE}`,
        )
      ).rows.map((r) => r.r);
    stats[name] = {
      rows: Number(count.rows[0]?.n ?? 0),
      sample: hashOf([...(await sample('ASC')), ...(await sample('DESC'))]),
    };
  }
  return stats;
};
