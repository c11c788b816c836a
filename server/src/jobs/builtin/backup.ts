import { execFile } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import SqliteDatabase from 'better-sqlite3';
import type { Config } from '../../config.ts';

const run = promisify(execFile);

/** A PostgreSQL client tool from PATH or the Debian server packages. */
export const pgTool = (name: 'pg_dump' | 'pg_restore' | 'psql'): string => {
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
    for (const version of versions) {
      const candidate = path.join(root, version, 'bin', name);
      if (fs.existsSync(candidate)) return candidate;
    }
  }
  return name;
};

const stamp = (ms: number) =>
  new Date(ms).toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');

/**
 * Backs the database up into `dir`: SQLite through its online backup (consistent while the server
 * writes), PostgreSQL through `pg_dump -Fc`. Keeps the newest `keep` backups. Answers the file.
 */
export const backupDatabase = async (
  database: Config['database'],
  dir: string,
  options: { now: number; keep: number },
): Promise<string> => {
  await fsp.mkdir(dir, { recursive: true });
  const ext = database.kind === 'sqlite' ? 'sqlite' : 'dump';
  const file = path.join(dir, `candy-${stamp(options.now)}.${ext}`);
  if (database.kind === 'sqlite') {
    const source = new SqliteDatabase(database.file, { readonly: true, fileMustExist: true });
    try {
      await source.backup(`${file}.partial`);
    } finally {
      source.close();
    }
    // A backup is one self-contained file: no write-ahead log beside it.
    const copy = new SqliteDatabase(`${file}.partial`);
    copy.pragma('journal_mode = DELETE');
    copy.close();
  } else {
    await run(pgTool('pg_dump'), ['-Fc', '--no-owner', '-f', `${file}.partial`, database.url]);
  }
  await fsp.rename(`${file}.partial`, file);
  const backups = (await fsp.readdir(dir)).filter((f) => /^candy-\d{8}-\d{6}\.(sqlite|dump)$/.test(f)).sort();
  for (const old of backups.slice(0, Math.max(0, backups.length - options.keep))) {
    for (const suffix of ['', '-wal', '-shm'])
      await fsp.rm(path.join(dir, `${old}${suffix}`), { force: true });
  }
  return file;
};

/**
 * Puts a backup back (`npm run restore -- FILE`), with the server stopped: the SQLite file is
 * replaced (its WAL dropped), PostgreSQL is restored with `pg_restore --clean`.
 */
export const restoreDatabase = async (database: Config['database'], file: string): Promise<void> => {
  if (!fs.existsSync(file)) throw new Error(`no backup at ${file}`);
  if (database.kind === 'sqlite') {
    const check = new SqliteDatabase(file, { readonly: true, fileMustExist: true });
    check.pragma('quick_check');
    check.close();
    await fsp.copyFile(file, `${database.file}.restoring`);
    for (const suffix of ['-wal', '-shm']) await fsp.rm(`${database.file}${suffix}`, { force: true });
    await fsp.rename(`${database.file}.restoring`, database.file);
    return;
  }
  await run(pgTool('pg_restore'), [
    '--clean',
    '--if-exists',
    '--no-owner',
    '--single-transaction',
    '-d',
    database.url,
    file,
  ]);
};
