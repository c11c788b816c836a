import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDb } from '../src/db/index.ts';
import { migrateToLatest } from '../src/db/migrate.ts';

/**
 * Every test app starts from a copy of one database migrated once per run (an SQLite file copied, a
 * PostgreSQL `CREATE DATABASE … TEMPLATE`): migrating from nothing took 100–250 ms on SQLite and
 * 400–650 ms on PostgreSQL for each of the ≈ 350 apps a pass builds (issue 39). Migrating an empty
 * database still runs in every pass — here, and would fail the run's setup if a migration broke.
 */
export const migratedSqliteTemplate = async (): Promise<{ file: string; remove(): void }> => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-template-'));
  const file = path.join(dir, 'template.sqlite');
  const handle = openDb({ kind: 'sqlite', file });
  await migrateToLatest(handle.db);
  // Closing the only connection checkpoints the WAL into the file: the file alone is the copy.
  await handle.close();
  return { file, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
};

/** A migrated PostgreSQL database to copy; nobody may stay connected to it (the copy's rule). */
export const migratedPgTemplate = async (
  adminUrl: string,
): Promise<{ name: string; drop(): Promise<void> }> => {
  const name = `candy_template_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`DROP DATABASE IF EXISTS ${name}`);
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const handle = openDb({ kind: 'postgres', url: url.toString() });
  await migrateToLatest(handle.db);
  await handle.close();
  return { name, drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
};
