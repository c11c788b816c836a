import type { systemCalls } from '@candy/contract';
import type { Logger } from 'pino';
import type { DialectName } from '../../db/dialect.ts';
import { invalidField } from '../../http/errors.ts';
import type { RateLimiter, RateRule } from '../../http/rateLimit.ts';
import { said } from '../../i18n/said.ts';
import type { MetaService } from '../meta/service.ts';
import type { Handshakes } from './handshakes.ts';
import { diskOf, folderSize } from './usage.ts';

/** Stamped by the build (scripts/build.mjs); a server run from source says `dev`. */
export const serverBuildVersion = (): string => process.env.CANDY_BUILD_VERSION ?? 'dev';

/**
 * Knocks one IP may make (issue 16). A visitor knocks once per page load and 25 minutes; an office
 * or a school behind one address makes many more, so the limit stops floods (each knock is a row),
 * not people.
 */
export const knockRateRules: readonly RateRule[] = [
  { limit: 120, windowMs: 60_000 },
  { limit: 2000, windowMs: 60 * 60_000 },
];

export interface SystemDeps {
  handshakes: Handshakes;
  rateLimiter: RateLimiter;
  meta: MetaService;
  dialect: DialectName;
  appliedMigrations: () => Promise<string[]>;
  logger: Logger;
  startedAt: number;
  /** Disk figures for the system page. */
  usage: { databaseSize: () => Promise<number>; dataDir: string };
  now: () => number;
}

export const createSystemService = (deps: SystemDeps) => {
  const configuredLevel = deps.logger.level;
  let debugUntil: number | null = null;
  let debugTimer: NodeJS.Timeout | undefined;
  return {
    async knock(uuid: string | undefined, ip: string) {
      if (!uuid) throw invalidField('X-Uuid', 'required', said('error.device.uuidMissing'));
      await deps.rateLimiter.hit([`knock:ip:${ip}`], knockRateRules, said('error.system.knockTooOften'));
      const publicKey = await deps.handshakes.knock(uuid);
      return { publicKey, dokkiri: await deps.meta.flag('system', 'dokkiri') };
    },

    version: serverBuildVersion,

    async info(): Promise<systemCalls.SystemInfo> {
      const memory = process.memoryUsage();
      return {
        version: serverBuildVersion(),
        node: process.version,
        platform: `${process.platform}-${process.arch}`,
        database: deps.dialect,
        uptimeSeconds: Math.round(process.uptime()),
        startedAt: deps.startedAt,
        memory: { rss: memory.rss, heapUsed: memory.heapUsed },
        migrations: await deps.appliedMigrations(),
        databaseSize: await deps.usage.databaseSize(),
        dataDir: await dataDirUsage(deps.usage.dataDir),
        logLevel: deps.logger.level,
        debugUntil,
      };
    },

    debug(logLevel: string | undefined, minutes?: number) {
      clearTimeout(debugTimer);
      debugUntil = null;
      if (logLevel) deps.logger.level = logLevel;
      if (logLevel && minutes) {
        debugUntil = deps.now() + minutes * 60_000;
        debugTimer = setTimeout(() => {
          deps.logger.level = configuredLevel;
          debugUntil = null;
        }, minutes * 60_000);
        debugTimer.unref();
      }
      return { logLevel: deps.logger.level, debugUntil };
    },
  };
};

const dataDirUsage = async (dir: string) => {
  const [used, disk] = await Promise.all([folderSize(dir), diskOf(dir)]);
  return { path: dir, used, diskFree: disk.free, diskTotal: disk.total };
};

export type SystemService = ReturnType<typeof createSystemService>;
