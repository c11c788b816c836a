import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDb } from './db/index.ts';
import { migrateToLatest } from './db/migrate.ts';
import { operatorLanguage } from './i18n/operatorLanguage.ts';
import { type Message, SaidError, said, sayIn } from './i18n/said.ts';
import { backupDatabase, restoreDatabase } from './jobs/builtin/backup.ts';
import { resetOwnerPassword } from './modules/auth/bootstrap.ts';
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

/**
 * The language every line below is in (issue 44): the operator's locale when it names one, else the
 * site's (i18n/operatorLanguage.ts). Words come from the server's catalogue (`cli.*` in
 * contract/src/i18n/<language>/server.json); file names, ids and numbers are as they are.
 */
const language = operatorLanguage();
const text = (message: Message): string => sayIn(language, message);
const print = (key: string, values?: Record<string, unknown>) => console.log(text(said(key, values)));
const printError = (key: string, values?: Record<string, unknown>) => console.error(text(said(key, values)));
/** One line of a module's (already in the language), as it comes. */
const printLine = (line: string) => console.log(line);

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
    const password = await readNewPassword(language);
    const { username, revokedSessions } = await withDatabase((db) =>
      resetOwnerPassword(db, password, Date.now()),
    );
    print('cli.owner.passwordChanged', { username, sessions: revokedSessions });
  },
};

/** Operator commands: `node server/dist/cli.js <command>`, wrapped by the root npm scripts. */
const commands: Record<string, (args: string[]) => Promise<void>> = {
  async migrate() {
    const config = loadConfig();
    const database = openDb(config.database);
    try {
      const ran = await migrateToLatest(database.db);
      if (ran.length > 0) print('cli.migrate.applied', { migrations: ran.join(', ') });
      else print('cli.migrate.upToDate');
    } finally {
      await database.close();
    }
  },

  async owner([sub = '']) {
    const command = ownerCommands[sub];
    if (!command) {
      printError('cli.owner.usage', { commands: Object.keys(ownerCommands).join('|') });
      process.exit(2);
    }
    await command();
  },

  /** Exports the offline snapshot: commits it (and pushes), or with `--out DIR` only writes it there. */
  async snapshot(args) {
    const outIndex = args.indexOf('--out');
    const outDir = outIndex >= 0 ? args[outIndex + 1] : undefined;
    if (outIndex >= 0 && !outDir) {
      printError('cli.snapshot.usage');
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
      const commit = run.publish?.commit?.slice(0, 7);
      const published = run.publish?.committed
        ? said(run.publish.pushed ? 'cli.snapshot.committedPushed' : 'cli.snapshot.committed', { commit })
        : said(run.publish ? 'cli.snapshot.nothingToCommit' : 'cli.snapshot.notPublished');
      print('cli.snapshot.done', { dir: run.outDir, changed, published });
    } finally {
      await database.close();
    }
  },

  /** Writes every table and every stored file into one archive (`npm run export -- FILE`). */
  async export([file]) {
    if (!file) {
      printError('cli.export.usage');
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
      print('cli.export.done', { rows, tables: manifest.tables.length, files: manifest.files, file });
    } finally {
      await database.close();
    }
  },

  /** Restores an export into an empty database of either kind (`npm run import -- FILE`). */
  async import([file]) {
    if (!file) {
      printError('cli.import.usage');
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
      print('cli.import.done', {
        tables: manifest.tables.length,
        files: manifest.files,
        from: manifest.from,
        exportedAt: new Date(manifest.exportedAt).toISOString(),
      });
    } catch (error) {
      if (error instanceof ImportRefused) {
        printError('cli.import.refused', { reason: error.said });
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
      print('cli.backup.done', {
        id: point.id,
        destination: service.destination.label,
        size: point.size,
        newBytes: point.newBytes,
        seconds,
      });
      const removed = await service.prune();
      print('cli.backup.pruned', { points: removed.points, chunks: removed.chunks });
      return;
    }
    const file = await backupDatabase(config.database, path.join(config.dataDir, 'backups'), {
      now: Date.now(),
      keep: config.backupKeep,
    });
    print('cli.backup.written', { file });
  },

  /**
   * Puts a backup back, with the server stopped: `--from DEST [--at TIME] [--force]` from the
   * owner's destination (issue 45.4), or a FILE of DATA_DIR/backups.
   */
  async restore(args) {
    const config = loadConfig();
    if (args.includes('--from')) {
      try {
        await restoreFromDestination(config, args, printLine, language);
      } catch (error) {
        if (!(error instanceof RestoreRefused)) throw error;
        printError('cli.restore.refused', { reason: error.said });
        process.exit(2);
      }
      return;
    }
    const [file] = args;
    if (!file) {
      console.error(text(RESTORE_USAGE));
      printError('cli.restore.usageFile');
      process.exit(2);
    }
    await restoreDatabase(config.database, path.resolve(file));
    print('cli.restore.restoredFile', { file });
  },

  /** The restore drill now (the backup-drill job runs it nightly); exits 1 when it fails. */
  async 'backup-drill'() {
    const config = loadConfig();
    if (!config.backups) throw new SaidError(said('cli.drill.noDestination'));
    const drill = createBackupService(config, config.backups, storageOf(config), Date.now).drill();
    if (!drill) throw new SaidError(said('cli.drill.noIdentity'));
    const record = await drill;
    // The details are the drill's record, kept in the site's language as the nightly job keeps them.
    for (const point of record.points)
      print(point.ok ? 'cli.drill.ok' : 'cli.drill.failed', { id: point.id, detail: point.detail });
    if (!record.ok) process.exitCode = 1;
  },

  /** A new backup key: the identity for the owner to keep off this machine, the recipient for the server. */
  async 'backup-key'() {
    const { identity, recipient } = await newBackupKey();
    print('cli.backupKey.identity', { identity });
    print('cli.backupKey.recipient', { recipient });
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
      printError('cli.images.usage');
      process.exit(2);
    }
    // The gallery, moments and essays name their pictures to the pipeline through their own services.
    await withApp((app) =>
      backfillImages(app.modules.images, {
        retryFailed: rest.includes('--retry-failed'),
        print: printLine,
        language,
      }),
    );
  },

  /** Moves a blog in from another platform's export (issue 27): `npm run import-from -- wordpress FILE`. */
  async 'import-from'(args) {
    const parsed = parseImportArgs(args);
    if (!parsed) {
      console.error(text(USAGE));
      process.exit(2);
    }
    const job = await withApp((app) =>
      importFromFile(parsed, {
        imports: app.modules.importers.imports,
        scheduler: app.modules.scheduler,
        print: printLine,
        language,
        onProgress: app.modules.importers.onProgress,
      }).catch((error: unknown) => {
        // A refused file is the owner's to fix: its reason, not a stack trace.
        const reason =
          error instanceof SaidError ? error.said : error instanceof Error ? error.message : String(error);
        printError('cli.import.refused', { reason });
        process.exitCode = 1;
        return null;
      }),
    );
    if (job?.status === 'failed') process.exitCode = 1;
  },

  /** Adds quotes from a hitokoto sentences-bundle file (e.g. `sentences/i.json`). */
  async 'import-hitokoto'([file]) {
    if (!file) {
      printError('cli.hitokoto.usage');
      process.exit(2);
    }
    const { imported, duplicates, invalid } = await withDatabase((db) =>
      importSentencesFile(createHitokotoRepo(db), file, Date.now()),
    );
    print('cli.hitokoto.done', { imported, duplicates, invalid });
  },
};

const [name = '', ...args] = process.argv.slice(2);
const command = commands[name];
if (!command) {
  printError('cli.usage', { commands: Object.keys(commands).join('|') });
  process.exit(2);
}
command(args).catch((error: unknown) => {
  if (error instanceof ConfigError)
    for (const problem of error.problems) printError('cli.config', { problem });
  // A refusal the command knows (a password the rules refuse, a missing setting): its words, no stack.
  else if (error instanceof SaidError) console.error(text(error.said));
  else console.error(error);
  process.exit(1);
});
