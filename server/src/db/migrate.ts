import { type Migration, type MigrationProvider, Migrator } from 'kysely';
import type { Db } from './index.ts';
import { migrations } from './migrations/index.ts';

/** Migrations are imported, not read from disk, so the bundled server carries them. */
const provider: MigrationProvider = {
  getMigrations: async (): Promise<Record<string, Migration>> => migrations,
};

export const createMigrator = (db: Db) =>
  new Migrator({ db, provider, migrationTableName: 'migration', migrationLockTableName: 'migration_lock' });

/** Runs every pending migration; returns the names that ran. Throws on the first failure. */
export const migrateToLatest = async (db: Db): Promise<string[]> => {
  const { error, results } = await createMigrator(db).migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
};

export const appliedMigrations = async (db: Db): Promise<string[]> =>
  (await createMigrator(db).getMigrations()).filter((m) => m.executedAt).map((m) => m.name);
