import { Readable } from 'node:stream';
import type { Language } from '@candy/contract/languages';
import type { Config } from '../../config.ts';
import { SaidError, said, sayIn } from '../../i18n/said.ts';
import { loadAge } from '../../lazyModules.ts';
import { createStorage } from '../../storage/index.ts';
import { keyMismatch, openerFor, readIdentity } from './crypto.ts';
import { openDestination } from './destination.ts';
import { dbSnapshotDir } from './paths.ts';
import { listPoints, pointAt, readIndex, readManifest, restoreFiles } from './reader.ts';
import { databaseIsEmpty, restoreDatabaseOf } from './restore.ts';

export const RESTORE_USAGE = said('cli.restore.usage');

/** Why a restore does not start: said in the operator's language by the command line. */
export class RestoreRefused extends SaidError {}

const flag = (args: string[], name: string): string | undefined => {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
};

/** `npm run backup-key`: a new age identity for the owner to keep, and the recipient the server gets. */
export const newBackupKey = async (): Promise<{ identity: string; recipient: string }> => {
  const { generateX25519Identity, identityToRecipient } = await loadAge();
  const identity = await generateX25519Identity();
  return { identity, recipient: await identityToRecipient(identity) };
};

/**
 * `npm run restore -- --from DEST --at TIME` (issue 45.4): the newest good point at or before TIME
 * into this configuration's database (SQLite file or PostgreSQL) and file store. Refuses a
 * database or file store that holds anything, unless `--force`. The lines are in `language` (the
 * operator's: i18n/operatorLanguage.ts).
 */
export const restoreFromDestination = async (
  config: Config,
  args: string[],
  log: (line: string) => void,
  language: Language,
): Promise<void> => {
  const say = (key: string, values?: Record<string, unknown>) => log(sayIn(language, said(key, values)));
  const from = flag(args, '--from');
  if (!from) throw new RestoreRefused(RESTORE_USAGE);
  const atText = flag(args, '--at') ?? 'latest';
  const at = atText === 'latest' ? Number.POSITIVE_INFINITY : Date.parse(atText);
  if (Number.isNaN(at)) throw new RestoreRefused(said('cli.restore.notATime', { at: atText }));
  const identityFile =
    flag(args, '--identity') ?? config.backups?.identityFile ?? process.env.BACKUP_IDENTITY_FILE;
  if (!identityFile) throw new RestoreRefused(said('cli.restore.noIdentity'));
  const force = args.includes('--force');

  const storage = createStorage(config);
  if (!force) {
    if (!(await databaseIsEmpty(config.database)))
      throw new RestoreRefused(said('cli.restore.databaseNotEmpty'));
    if ((await storage.list('')).length > 0) throw new RestoreRefused(said('cli.restore.storeNotEmpty'));
  }
  const destination = openDestination(from, {
    endpoint: process.env.BACKUP_S3_ENDPOINT,
    region: process.env.BACKUP_S3_REGION ?? 'us-east-1',
    accessKeyId: process.env.BACKUP_S3_ACCESS_KEY_ID ?? '',
    secretAccessKey: process.env.BACKUP_S3_SECRET_ACCESS_KEY ?? '',
    forcePathStyle: process.env.BACKUP_S3_FORCE_PATH_STYLE !== 'false',
  });
  const points = await listPoints(destination.store);
  const point = pointAt(points, at);
  if (!point)
    throw new RestoreRefused(said('cli.restore.noPoint', { at: atText, destination: destination.label }));
  const identity = readIdentity(identityFile);
  const mismatch = await keyMismatch(identity, (await readIndex(destination.store, point.id)).recipient);
  // As the drill says it (its reason names the keys, in no language).
  if (mismatch) throw new RestoreRefused(said('backups.wrongKey', { reason: mismatch }));
  const opener = openerFor(identity);
  say('cli.restore.restoring', {
    id: point.id,
    createdAt: new Date(point.createdAt).toISOString(),
    destination: destination.label,
  });
  const started = Date.now();
  try {
    const manifest = await readManifest(destination.store, opener, point.id);
    const tables = await restoreDatabaseOf(destination.store, opener, manifest, config.database, {
      workDir: dbSnapshotDir(config.dataDir),
    });
    const files = await restoreFiles(destination.store, opener, manifest.files, storage);
    say('cli.restore.restored', {
      tables: Object.keys(tables).length,
      files,
      seconds: ((Date.now() - started) / 1000).toFixed(1),
    });
  } catch (error) {
    // What does not decrypt or match is never offered again (the drill marks points the same way).
    const detail = error instanceof Error ? error.message : String(error);
    await destination.store.put(`points/${point.id}.bad`, Readable.from([Buffer.from(detail)]));
    throw error;
  }
};
