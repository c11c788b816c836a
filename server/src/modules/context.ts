import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { DialectName } from '../db/dialect.ts';
import type { Db } from '../db/index.ts';
import type { EventBus } from '../events.ts';
import type { OwnerGuard } from '../http/guards.ts';
import type { PublicCache } from '../http/publicCache.ts';
import type { Router } from '../http/router.ts';
import type { Notify } from '../notify.ts';
import type { BlobStorage } from '../storage/index.ts';

/** What every domain module receives; a module builds its repo and service from it. */
export interface ModuleContext {
  router: Router;
  db: Db;
  dialect: DialectName;
  config: Config;
  /** The clock: tests move it instead of waiting. */
  now: () => number;
  logger: Logger;
  /** Cached public read answers; a module's writes call `publicCache.invalidate(tag)`. */
  publicCache: PublicCache;
  /** Blob storage for every upload (local directory by default). */
  storage: BlobStorage;
  /** Tells the owner about an event (push channels once configured, else a log line). */
  notify: Notify;
  /** Site events (an essay published, a comment posted …) for whoever listens: the webhooks module. */
  events: EventBus;
  /** The auth module installs the real owner guard through this; until then owner calls refuse all. */
  setOwnerGuard(guard: OwnerGuard): void;
}
