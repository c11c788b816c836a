import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Config } from '../../config.ts';
import { createStorage } from '../../storage/index.ts';
import { databaseVersion } from './dbSnapshot.ts';
import { createBackupService } from './service.ts';
import { shipperLock } from './shipperLock.ts';

/**
 * Point in time (issue 45.2): every BACKUP_SHIP_SECONDS, if the database changed since the last
 * shipment, a consistent snapshot goes out as a `point` (only its new chunks travel). The version
 * is read before the snapshot, so a write during a shipment is caught by the next one. Worst-case
 * loss: the interval plus two shipment times (a write just after a version read waits one interval
 * and is then shipped).
 */
export const runShipper = async (config: Config, signal?: AbortSignal): Promise<void> => {
  const settings = config.backups;
  if (!settings || settings.shipSeconds <= 0)
    throw new Error('BACKUP_DESTINATION and BACKUP_SHIP_SECONDS > 0 are needed');
  const service = createBackupService(config, settings, createStorage(config), Date.now);
  const lock = shipperLock(config.database);
  let shipped = '';
  while (!signal?.aborted) {
    try {
      // Another replica's shipper ships: this one waits for its lock.
      if (!(await lock.held())) {
        shipped = '';
        await sleep(settings.shipSeconds * 1000, undefined, { signal }).catch(() => {});
        continue;
      }
      const version = await databaseVersion(config.database);
      if (version !== shipped) {
        const point = await service.ship();
        shipped = version;
        if (point) console.log(`shipped ${point.id}: ${point.newBytes} new bytes`);
      }
    } catch (error) {
      console.error(`shipment failed (next try in ${settings.shipSeconds} s):`, error);
    }
    await sleep(settings.shipSeconds * 1000, undefined, { signal }).catch(() => {});
  }
  await lock.release();
};

/**
 * Runs the shipper off the request path: a child process (`cli.js backup-ship`) beside the built
 * server, which ends when the server does (its IPC channel closes, even after a kill -9). Running
 * from sources (no cli.js beside this code), it runs in this process instead.
 */
export const startShipper = (
  config: Config,
  logger: { error(details: object, message: string): void },
): { stop(): void } => {
  const cli = path.join(import.meta.dirname, 'cli.js');
  if (!fs.existsSync(cli)) {
    const abort = new AbortController();
    runShipper(config, abort.signal).catch((error: unknown) =>
      logger.error({ err: error }, 'backup shipper'),
    );
    return { stop: () => abort.abort() };
  }
  let child: ChildProcess | null = null;
  let stopped = false;
  const launch = () => {
    child = fork(cli, ['backup-ship'], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.once('exit', (code, signal) => {
      if (stopped) return;
      logger.error({ code, signal }, 'backup shipper exited; starting it again in 10 s');
      setTimeout(launch, 10_000).unref();
    });
  };
  launch();
  return {
    stop() {
      stopped = true;
      child?.kill('SIGTERM');
    },
  };
};

/** In the shipper's child: leave with the server (the parent's IPC channel closes when it dies). */
export const exitWithParent = (): void => {
  if (process.send) process.once('disconnect', () => process.exit(0));
};
