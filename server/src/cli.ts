import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { migrateToLatest } from './db/migrate.ts';
import { backupDatabase, restoreDatabase } from './jobs/builtin/backup.ts';
import { PasswordRuleError, resetOwnerPassword } from './modules/auth/bootstrap.ts';
import { readNewPassword } from './modules/auth/passwordInput.ts';
import {
  newBackupKey,
  RESTORE_USAGE,
  RestoreRefused,
  restoreFromDestination,
} from './modules/backups/commandLine.ts';
import { createBackupService } from './modules/backups/service.ts';
import { exitWithParent, runShipper } from './modules/backups/shipper.ts';
import { importSentencesFile } from './modules/hitokoto/importSentences.ts';
import { createHitokotoRepo } from './modules/hitokoto/repo.ts';
import { backfillImages } from './modules/images/backfill.ts';
import { importFromFile, parseImportArgs, USAGE } from './modules/importers/commandLine.ts';
import { runSnapshot } from './snapshot/index.ts';
import { createStorage } from './storage/index.ts';
import { exportArchive, ImportRefused, importArchive } from './transfer/archive.ts';

/** The blob storage the server uses (`STORAGE`). */
const storageOf = (config: ReturnType<typeof loadConfig>) => createStorage(config);

/** Opens the configured database, migrated, for one command. */
const withDatabase = async <T>(work: (db: ReturnType<typeof openDb>['db']) => Promise<T>): Promise<T> => {
  const database = openDb(loadConfig().database);
  try {
    await migrateToLatest(database.db);
    return await work(database.db);
  } finally {
    await database.close();
  }
};

/**
 * The whole app, unstarted (no scheduler timers, no listener), for commands that go through the
 * modules' own services as the server does. The app's warnings would only repeat the command's lines.
 */
const withApp = async <T>(work: (app: Awaited<ReturnType<typeof buildApp>>) => Promise<T>): Promise<T> => {
  const config = { ...loadConfig(), logLevel: 'error' };
  const database = openDb(config.database);
  try {
    await migrateToLatest(database.db);
    const app = await buildApp({ config, database });
    try {
      return await work(app);
    } finally {
      await app.server.close();
    }
  } finally {
    await database.close();
  }
};

const ownerCommands: Record<string, () => Promise<void>> = {
  async 'reset-password'() {
    const password = await readNewPassword();
    const { username, revokedSessions } = await withDatabase((db) =>
      resetOwnerPassword(db, password, Date.now()),
    );
    console.log(`password of owner "${username}" changed; ${revokedSessions} session(s) logged out`);
  },
};

/** Operator commands: `node server/dist/cli.js <command>`, wrapped by the root npm scripts. */
const commands: Record<string, (args: string[]) => Promise<void>> = {
  async migrate() {
    const config = loadConfig();
    const database = openDb(config.database);
    try {
      const ran = await migrateToLatest(database.db);
      console.log(ran.length > 0 ? `applied: ${ran.join(', ')}` : 'database is up to date');
    } finally {
      await database.close();
    }
  },

  async owner([sub = '']) {
    const command = ownerCommands[sub];
    if (!command) {
      console.error(`usage: npm run owner -- <${Object.keys(ownerCommands).join('|')}>`);
      process.exit(2);
    }
    await command();
  },

  /** Exports the offline snapshot: commits it (and pushes), or with `--out DIR` only writes it there. */
  async snapshot(args) {
    const outIndex = args.indexOf('--out');
    const outDir = outIndex >= 0 ? args[outIndex + 1] : undefined;
    if (outIndex >= 0 && !outDir) {
      console.error('usage: npm run snapshot [-- --out DIR]');
      process.exit(2);
    }
    const config = { ...loadConfig(), logLevel: 'warn' };
    const database = openDb(config.database);
    try {
      await migrateToLatest(database.db);
      const app = await buildApp({ config, database });
      const run = await runSnapshot(app.modules, config, {
        now: Date.now(),
        ...(outDir ? { outDir: path.resolve(outDir) } : {}),
      });
      await app.server.close();
      const changed = run.export.changed.length;
      const published = run.publish?.committed
        ? `committed ${run.publish.commit?.slice(0, 7)}${run.publish.pushed ? ' and pushed' : ''}`
        : run.publish
          ? 'nothing to commit'
          : 'not published';
      console.log(`snapshot in ${run.outDir}: ${changed} file(s) changed, ${published}`);
    } finally {
      await database.close();
    }
  },

  /** Writes every table and every stored file into one archive (`npm run export -- FILE`). */
  async export([file]) {
    if (!file) {
      console.error('usage: npm run export -- <file.tar.gz>');
      process.exit(2);
    }
    const config = loadConfig();
    const database = openDb(config.database);
    try {
      await migrateToLatest(database.db);
      const manifest = await exportArchive(
        { db: database.db, dialect: database.dialect, storage: storageOf(config), now: Date.now() },
        path.resolve(file),
      );
      const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
      console.log(
        `exported ${rows} row(s) of ${manifest.tables.length} table(s) and ${manifest.files} file(s) to ${file}`,
      );
    } finally {
      await database.close();
    }
  },

  /** Restores an export into an empty database of either kind (`npm run import -- FILE`). */
  async import([file]) {
    if (!file) {
      console.error('usage: npm run import -- <file.tar.gz>');
      process.exit(2);
    }
    const config = loadConfig();
    const database = openDb(config.database);
    try {
      await migrateToLatest(database.db);
      const manifest = await importArchive(
        { db: database.db, dialect: database.dialect, storage: storageOf(config) },
        path.resolve(file),
      );
      console.log(
        `imported ${manifest.tables.length} table(s) and ${manifest.files} file(s) from a ${manifest.from} export of ${new Date(manifest.exportedAt).toISOString()}`,
      );
    } catch (error) {
      if (error instanceof ImportRefused) {
        console.error(`import refused: ${error.message}`);
        process.exit(1);
      }
      throw error;
    } finally {
      await database.close();
    }
  },

  /**
   * Backs up now: with BACKUP_DESTINATION, an encrypted `daily` point there and the retention
   * (issue 45); without, a database copy into DATA_DIR/backups. The backup job does it nightly.
   */
  async backup() {
    const config = loadConfig();
    if (config.backups) {
      const service = createBackupService(config, config.backups, storageOf(config), Date.now);
      const started = Date.now();
      const point = await service.backup();
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `backup ${point.id} at ${service.destination.label}: ${point.size} bytes, ${point.newBytes} new, ${seconds} s`,
      );
      const removed = await service.prune();
      console.log(`pruned ${removed.points} point(s), ${removed.chunks} chunk(s)`);
      return;
    }
    const file = await backupDatabase(config.database, path.join(config.dataDir, 'backups'), {
      now: Date.now(),
      keep: config.backupKeep,
    });
    console.log(`backup written to ${file}`);
  },

  /**
   * Puts a backup back, with the server stopped: `--from DEST [--at TIME] [--force]` from the
   * owner's destination (issue 45.4), or a FILE of DATA_DIR/backups.
   */
  async restore(args) {
    const config = loadConfig();
    if (args.includes('--from')) {
      try {
        await restoreFromDestination(config, args, (line) => console.log(line));
      } catch (error) {
        if (!(error instanceof RestoreRefused)) throw error;
        console.error(`restore refused: ${error.message}`);
        process.exit(2);
      }
      return;
    }
    const [file] = args;
    if (!file) {
      console.error(`${RESTORE_USAGE}
   or: npm run restore -- <DATA_DIR/backups/candy-….sqlite|dump>`);
      process.exit(2);
    }
    await restoreDatabase(config.database, path.resolve(file));
    console.log(`restored ${file}; start the server again`);
  },

  /** The restore drill now (the backup-drill job runs it nightly); exits 1 when it fails. */
  async 'backup-drill'() {
    const config = loadConfig();
    if (!config.backups) throw new Error('BACKUP_DESTINATION is not set');
    const drill = createBackupService(config, config.backups, storageOf(config), Date.now).drill();
    if (!drill) throw new Error('BACKUP_IDENTITY_FILE is not set');
    const record = await drill;
    for (const point of record.points)
      console.log(`${point.id}: ${point.ok ? 'ok' : 'FAILED'} — ${point.detail}`);
    if (!record.ok) process.exitCode = 1;
  },

  /** A new backup key: the identity for the owner to keep off this machine, the recipient for the server. */
  async 'backup-key'() {
    const { identity, recipient } = await newBackupKey();
    console.log(
      `# keep this identity safe and off this machine (BACKUP_IDENTITY_FILE for restore):\n${identity}`,
    );
    console.log(`# public key, for the server: BACKUP_RECIPIENT=${recipient}`);
  },

  /** The point-in-time shipper (the server starts it as a child process of its own). */
  async 'backup-ship'() {
    exitWithParent();
    await runShipper(loadConfig());
  },

  /**
   * The image pipeline by hand (issue 30): `backfill` makes the resized copies of every stored
   * picture still waiting for them, with progress; `--retry-failed` first gives the failed ones
   * another go. Safe to stop and run again: it resumes with the pictures not done yet.
   */
  async images([sub = '', ...rest]) {
    if (sub !== 'backfill') {
      console.error('usage: npm run images -- backfill [--retry-failed]');
      process.exit(2);
    }
    // The gallery, moments and essays name their pictures to the pipeline through their own services.
    await withApp((app) =>
      backfillImages(app.modules.images, {
        retryFailed: rest.includes('--retry-failed'),
        print: (line) => console.log(line),
      }),
    );
  },

  /** Moves a blog in from another platform's export (issue 27): `npm run import-from -- wordpress FILE`. */
  async 'import-from'(args) {
    const parsed = parseImportArgs(args);
    if (!parsed) {
      console.error(USAGE);
      process.exit(2);
    }
    const job = await withApp((app) =>
      importFromFile(parsed, {
        imports: app.modules.importers.imports,
        scheduler: app.modules.scheduler,
        print: (line) => console.log(line),
        onProgress: app.modules.importers.onProgress,
      }).catch((error: unknown) => {
        // A refused file is the owner's to fix: its reason, not a stack trace.
        console.error(`import refused: ${error instanceof Error ? error.message : String(error)}`);
        process.exitCode = 1;
        return null;
      }),
    );
    if (job?.status === 'failed') process.exitCode = 1;
  },

  /** Adds quotes from a hitokoto sentences-bundle file (e.g. `sentences/i.json`). */
  async 'import-hitokoto'([file]) {
    if (!file) {
      console.error('usage: cli import-hitokoto <sentences.json>');
      process.exit(2);
    }
    const { imported, duplicates, invalid } = await withDatabase((db) =>
      importSentencesFile(createHitokotoRepo(db), file, Date.now()),
    );
    console.log(`imported ${imported} quote(s); skipped ${duplicates} duplicate(s), ${invalid} invalid`);
  },
};

const [name = '', ...args] = process.argv.slice(2);
const command = commands[name];
if (!command) {
  console.error(`usage: cli <${Object.keys(commands).join('|')}>`);
  process.exit(2);
}
command(args).catch((error: unknown) => {
  if (error instanceof ConfigError) for (const line of error.problems) console.error(`config: ${line}`);
  else if (error instanceof PasswordRuleError) console.error(error.message);
  else console.error(error);
  process.exit(1);
});
