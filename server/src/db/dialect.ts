import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import {
  type CreateTableBuilder,
  type Dialect,
  type Kysely,
  PostgresAdapter,
  PostgresDialect,
  SqliteDialect,
} from 'kysely';
import type PgModule from 'pg';
import type { Config } from '../config.ts';
import { requirePg } from '../lazyModules.ts';

/** Everything that differs between SQLite and PostgreSQL lives in this file. */
export type DialectName = 'sqlite' | 'postgres';

/** pg is loaded only when PostgreSQL is configured: an SQLite site never pays its memory. */
const loadPg = (): typeof PgModule => {
  const pg = requirePg();
  // int8 and numeric come back from pg as strings by default; our ms timestamps fit a JS number.
  pg.types.setTypeParser(20, (value) => Number(value));
  pg.types.setTypeParser(1700, (value) => Number(value));
  return pg;
};

export interface DialectHandle {
  name: DialectName;
  dialect: Dialect;
}

export const createDialect = (database: Config['database']): DialectHandle => {
  if (database.kind === 'postgres') {
    const pool = new (loadPg().Pool)({ connectionString: database.url, max: 10 });
    return { name: 'postgres', dialect: new PostgresDialect({ pool }) };
  }
  fs.mkdirSync(path.dirname(database.file), { recursive: true });
  const sqlite = new SqliteDatabase(database.file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return { name: 'sqlite', dialect: new SqliteDialect({ database: sqlite }) };
};

/** Column type for ms epoch times and other integers that outgrow 32 bits. */
export const bigintType = 'bigint' as const;

/** Migrations get a bare Kysely instance; its adapter tells which dialect it speaks. */
export const dialectOf = (db: Kysely<unknown>): DialectName =>
  db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite';

/** An auto-increment integer primary key on either dialect. */
export const addIdColumn = <T extends string>(table: CreateTableBuilder<T>, db: Kysely<unknown>) =>
  dialectOf(db) === 'postgres'
    ? table.addColumn('id', 'serial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
