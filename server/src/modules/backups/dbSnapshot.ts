import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import type { Config } from '../../config.ts';
import { pgTool } from '../../jobs/builtin/backup.ts';
import { requirePg } from '../../lazyModules.ts';
import type { TableStats } from './manifest.ts';
import { postgresTableStats, sqliteTableStats } from './tableStats.ts';

const run = promisify(execFile);

/**
 * A consistent copy of the database in `file`, and its table statistics taken from that very state:
 * SQLite through the online backup API (from a connection of its own, while the server writes),
 * PostgreSQL through `pg_dump` of a snapshot exported from the transaction that counted the rows.
 * The dump is plain SQL: no table of contents with offsets that a grown table would shift, no
 * compression, so unchanged rows make unchanged chunks.
 */
export const snapshotDatabase = async (database: Config['database'], file: string): Promise<TableStats> => {
  await fsp.rm(file, { force: true });
  if (database.kind === 'sqlite') {
    const source = new SqliteDatabase(database.file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(file);
    } finally {
      source.close();
    }
    const copy = new SqliteDatabase(file);
    try {
      // One self-contained file, no write-ahead log beside it.
      copy.pragma('journal_mode = DELETE');
      return sqliteTableStats(copy);
    } finally {
      copy.close();
    }
  }
  const client = new (requirePg().Client)({ connectionString: database.url });
  await client.connect();
  try {
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    const stats = await postgresTableStats(client);
    await run(pgTool('pg_dump'), [
      '-Fp',
      // DROP … IF EXISTS before each object: the same dump restores into an empty database and,
      // with --force, over a live one.
      '--clean',
      '--if-exists',
      '--no-owner',
      `--snapshot=${rows[0]?.id}`,
      '-f',
      file,
      database.url,
    ]);
    await client.query('COMMIT');
    return stats;
  } finally {
    await client.end();
  }
};

/** Something that changes whenever the database does, cheaply (the shipper asks every few seconds). */
export const databaseVersion = async (database: Config['database']): Promise<string> => {
  if (database.kind === 'sqlite') {
    const part = (suffix: string) => {
      try {
        const s = fs.statSync(`${database.file}${suffix}`);
        return `${s.size}:${s.mtimeMs}`;
      } catch {
        return '-';
      }
    };
    return `${part('')}/${part('-wal')}`;
  }
  const client = new (requirePg().Client)({ connectionString: database.url });
  await client.connect();
  try {
    // Committed transactions that wrote: the LSN moves with every write, and with nothing else
    // the server does on its own at this rate.
    const { rows } = await client.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn');
    return rows[0]?.lsn ?? '';
  } finally {
    await client.end();
  }
};
