import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../src/app.ts';
import { type Config, loadConfig } from '../src/config.ts';
import { type DbHandle, openDb } from '../src/db/index.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { seedDemoIfEmpty } from '../src/db/seed/index.ts';
import type { OwnerGuard } from '../src/http/guards.ts';
import { lowerPasswordCostForTests } from '../src/modules/auth/passwords.ts';
import { recordingQuerySites } from './querySites.ts';

// Hundreds of logins: at the real scrypt cost they were minutes of the suite's CPU (passwords.ts).
lowerPasswordCostForTests();

/** Which database this test run uses: the vitest project sets TEST_DIALECT. */
export const testDialect = (): 'sqlite' | 'postgres' =>
  process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

/** A fresh, migrated database for one test app: a copy of the run's template (templateDb.ts). */
const freshDatabase = async (
  dataDir: string,
  sqliteName = 'test.sqlite',
): Promise<{ database: Config['database']; drop(): Promise<void> }> => {
  if (testDialect() === 'sqlite') {
    const file = path.join(dataDir, sqliteName);
    fs.copyFileSync(inject('sqliteTemplate'), file);
    return { database: { kind: 'sqlite', file }, drop: async () => {} };
  }
  const adminUrl = inject('pgAdminUrl');
  const name = `candy_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${inject('pgTemplate')}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    database: { kind: 'postgres', url: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      // pg's pool.end() resolves before its sockets have said goodbye; FORCE would then kill those
      // backends mid-exit and their clients raise unhandled errors. Give them a moment to leave.
      for (let tries = 0; tries < 40; tries += 1) {
        const { rows } = await client.query<{ n: number }>(
          'SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1',
          [name],
        );
        if (rows[0]?.n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
};

export interface TestApp extends App {
  config: Config;
  database: DbHandle;
  /** Moves the app's clock. */
  clock: { now: number; advance(ms: number): void };
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  seed?: boolean;
  now?: number;
  /** Adds test-only routes before the app is sealed. */
  extend?: (app: App) => void;
  /** Decides who is the owner in place of the auth module's guard, so tests need not log in. */
  ownerGuard?: OwnerGuard;
  /** The SQLite file's name in the data dir: `candy.sqlite` where a spawned CLI must find it. */
  sqliteName?: string;
}

/** The real app on a real, migrated database of the run's dialect, with a movable clock. */
export const createTestApp = async (options: TestAppOptions = {}): Promise<TestApp> => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-test-'));
  const fresh = await freshDatabase(dataDir, options.sqliteName);
  const config = {
    // No snapshot exports after writes unless a test asks (they would run git beside every test).
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      SNAPSHOT_DEBOUNCE_MS: '0',
      ...options.env,
    }),
    database: fresh.database,
  };
  const database = recordingQuerySites(openDb(config.database));
  await migrateToLatest(database.db);
  const clock = {
    now: options.now ?? Date.now(),
    advance(ms: number) {
      clock.now += ms;
    },
  };
  if (options.seed) await seedDemoIfEmpty(database.db, config, clock.now);
  const app = await buildApp({ config, database, now: () => clock.now, ownerGuard: options.ownerGuard });
  options.extend?.(app);
  await app.server.ready();
  return {
    ...app,
    config,
    database,
    clock,
    async close() {
      await app.server.close();
      await database.close();
      await fresh.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
};

/**
 * A second app on the same database, config and clock as `t`: another replica. Closing it leaves
 * the database to `t`.
 */
export const createReplica = async (
  t: TestApp,
  options: Pick<TestAppOptions, 'ownerGuard'> = {},
): Promise<App & { database: DbHandle; close(): Promise<void> }> => {
  const database = recordingQuerySites(openDb(t.config.database));
  const app = await buildApp({
    config: t.config,
    database,
    now: () => t.clock.now,
    ownerGuard: options.ownerGuard,
  });
  await app.server.ready();
  return {
    ...app,
    database,
    async close() {
      await app.server.close();
      await database.close();
    },
  };
};
