import { Kysely } from 'kysely';
import type { Config } from '../config.ts';
import { createDialect, type DialectName } from './dialect.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;

export interface DbHandle {
  db: Db;
  dialect: DialectName;
  close(): Promise<void>;
}

export const openDb = (database: Config['database']): DbHandle => {
  const { name, dialect } = createDialect(database);
  const db = new Kysely<Database>({ dialect });
  return { db, dialect: name, close: () => db.destroy() };
};
