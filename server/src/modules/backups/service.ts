import type { BackupConfig, Config } from '../../config.ts';
import type { BlobStorage } from '../../storage/types.ts';
import { chunkNamer, readIdentity, sealerFor } from './crypto.ts';
import { type Destination, openDestination } from './destination.ts';
import { type DrillRecord, lastDrill, runDrill } from './drill.ts';
import type { FileEntry, PointIndex } from './manifest.ts';
import { dbSnapshotDir } from './paths.ts';
import { prune } from './prune.ts';
import { listPoints, readIndex } from './reader.ts';
import { ChunkVanished, type ShipmentState, writePoint } from './writer.ts';

export interface BackupService {
  settings: BackupConfig;
  destination: Destination;
  /** Writes the nightly `daily` point now. */
  backup(): Promise<PointIndex>;
  /** A point-in-time shipment: a `point`, or null when nothing but bookkeeping changed since the last. */
  ship(): Promise<PointIndex | null>;
  prune(): Promise<{ points: number; chunks: number }>;
  /** Null when the identity file is not on this server (then no drill runs here). */
  drill(): Promise<DrillRecord> | null;
  /** The newest `count` points with their sizes, newest first, and whether a drill found them bad. */
  points(count: number): Promise<(PointIndex & { bad: string | null })[]>;
  lastDrill(): Promise<DrillRecord | null>;
}

/**
 * The backups of one server (DESIGN §12): one destination, one key, one writer at a time (a nightly
 * backup and a shipment never interleave, and pruning never runs beside a writer in this process).
 */
export const createBackupService = (
  config: Config,
  settings: BackupConfig,
  storage: BlobStorage,
  now: () => number,
): BackupService => {
  const destination = openDestination(settings.destination, settings.s3);
  const sealer = sealerFor(settings.recipient);
  const nameChunk = chunkNamer(config.dataDir);
  const fileCache = new Map<string, FileEntry>();
  const deps = { config, storage, destination, sealer, recipient: settings.recipient, nameChunk, fileCache };
  const shipment: ShipmentState = { last: null };
  // Tried again once when a chunk vanished under a concurrent prune (writer.ts).
  const once = <T>(work: () => Promise<T>): Promise<T> =>
    work().catch((error: unknown) => {
      if (error instanceof ChunkVanished) return work();
      throw error;
    });
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => {});
    return next;
  };
  return {
    settings,
    destination,
    backup: () => serial(() => once(() => writePoint(deps, { kind: 'daily', now: now() }))),
    ship: () => serial(() => once(() => writePoint(deps, { kind: 'point', now: now(), shipment }))),
    prune: () =>
      serial(async () => {
        const removed = await prune(destination.store, now(), settings.retention);
        // Collected chunks may be ones the cache names: read the files again next time.
        if (removed.chunks > 0) fileCache.clear();
        return removed;
      }),
    drill() {
      const file = settings.identityFile;
      if (!file) return null;
      return runDrill(destination.store, readIdentity(file), {
        live: config.database,
        workDir: dbSnapshotDir(config.dataDir),
        language: config.siteLanguage,
        now: now(),
      });
    },
    async points(count) {
      const newest = (await listPoints(destination.store, config.siteLanguage)).slice(-count).reverse();
      return Promise.all(
        newest.map(async (point) => ({ ...(await readIndex(destination.store, point.id)), bad: point.bad })),
      );
    },
    lastDrill: () => lastDrill(destination.store),
  };
};
