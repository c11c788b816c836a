import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/index.ts';

/** Bytes under a folder, walked (the data directory of one personal site is small). */
export const folderSize = async (dir: string): Promise<number> => {
  let total = 0;
  let entries: import('node:fs').Dirent[];
  try {
    entries = await fs.readdir(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const entry of entries) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += await folderSize(full);
    else if (entry.isFile()) total += (await fs.stat(full).catch(() => ({ size: 0 }))).size;
  }
  return total;
};

/** The database's size on disk: the SQLite file with its WAL, or PostgreSQL's own count. */
export const databaseSize = async (db: Db, database: Config['database']): Promise<number> => {
  if (database.kind === 'sqlite') {
    const sizes = await Promise.all(
      ['', '-wal', '-shm'].map((suffix) =>
        fs.stat(`${database.file}${suffix}`).then(
          (s) => s.size,
          () => 0,
        ),
      ),
    );
    return sizes.reduce((a, b) => a + b, 0);
  }
  const { rows } = await sql<{
    size: string | number;
  }>`SELECT pg_database_size(current_database()) AS size`.execute(db);
  return Number(rows[0]?.size ?? 0);
};

/** Free and total bytes of the disk holding the data directory. */
export const diskOf = async (dir: string): Promise<{ free: number; total: number }> => {
  try {
    const s = await fs.statfs(dir);
    return { free: s.bavail * s.bsize, total: s.blocks * s.bsize };
  } catch {
    return { free: 0, total: 0 };
  }
};
