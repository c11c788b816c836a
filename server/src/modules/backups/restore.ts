import { execFile } from 'node:child_process';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import type { Config } from '../../config.ts';
import { type Message, said } from '../../i18n/said.ts';
import { pgTool } from '../../jobs/builtin/backup.ts';
import { requirePg } from '../../lazyModules.ts';
import type { BlobStorage } from '../../storage/types.ts';
import type { Opener } from './crypto.ts';
import type { Manifest, TableStats } from './manifest.ts';
import { restoreToFile } from './reader.ts';
import { postgresTableStats, sqliteTableStats } from './tableStats.ts';

const run = promisify(execFile);

/** Whether a database holds anything: restore refuses to write over a live one without --force. */
export const databaseIsEmpty = async (database: Config['database']): Promise<boolean> => {
  if (database.kind === 'sqlite') {
    try {
      const { size } = await fsp.stat(database.file);
      return size === 0;
    } catch {
      return true;
    }
  }
  const client = new (requirePg().Client)({ connectionString: database.url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = current_schema()',
    );
    return rows[0]?.n === 0;
  } finally {
    await client.end();
  }
};

/**
 * Puts a point's database into `target` and answers its table statistics, read back from what was
 * restored. SQLite: the file is reassembled, checked (`PRAGMA integrity_check`) and moved into
 * place; PostgreSQL: the SQL dump is reassembled and run with `psql` in one transaction (its
 * DROP … IF EXISTS lines clear a live database the caller was allowed to replace).
 */
export const restoreDatabaseOf = async (
  store: BlobStorage,
  opener: Opener,
  manifest: Manifest,
  target: Config['database'],
  options: { workDir: string },
): Promise<TableStats> => {
  if (manifest.database.dialect !== target.kind)
    throw new Error(`this point holds a ${manifest.database.dialect} database, the target is ${target.kind}`);
  await fsp.mkdir(options.workDir, { recursive: true });
  if (target.kind === 'sqlite') {
    const file = path.join(options.workDir, `restore-${process.pid}.sqlite`);
    await restoreToFile(store, opener, manifest.database, file, 'the database');
    const db = new SqliteDatabase(file);
    let stats: TableStats;
    try {
      const check = db.pragma('integrity_check', { simple: true });
      if (check !== 'ok') throw new Error(`integrity_check: ${String(check)}`);
      stats = sqliteTableStats(db);
    } finally {
      db.close();
    }
    await fsp.mkdir(path.dirname(target.file), { recursive: true });
    for (const suffix of ['-wal', '-shm']) await fsp.rm(`${target.file}${suffix}`, { force: true });
    await fsp.rename(file, target.file);
    return stats;
  }
  const dump = path.join(options.workDir, `restore-${process.pid}.dump`);
  try {
    await restoreToFile(store, opener, manifest.database, dump, 'the database');
    // One transaction: a dump that fails halfway leaves the database as it was.
    await run(
      pgTool('psql'),
      ['-X', '-q', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', dump, target.url],
      {
        maxBuffer: 64 * 1024 * 1024,
      },
    );
  } finally {
    await fsp.rm(dump, { force: true });
  }
  const client = new (requirePg().Client)({ connectionString: target.url });
  await client.connect();
  try {
    return await postgresTableStats(client);
  } finally {
    await client.end();
  }
};

/** Table by table, where two statistics differ (empty: the same). */
export const statsDifferences = (expected: TableStats, actual: TableStats): Message[] => {
  const names = [...new Set([...Object.keys(expected), ...Object.keys(actual)])].sort();
  const out: Message[] = [];
  for (const name of names) {
    const e = expected[name];
    const a = actual[name];
    if (!e || !a) out.push(said(e ? 'backups.tableMissing' : 'backups.tableExtra', { name }));
    else if (e.rows !== a.rows)
      out.push(said('backups.rowsDiffer', { name, expected: e.rows, actual: a.rows }));
    else if (e.sample !== a.sample) out.push(said('backups.sampleDiffers', { name }));
  }
  return out;
};
