import type { systemCalls } from '@candy/contract';
import type { Logger } from 'pino';
import type { DialectName } from '../../db/dialect.ts';
import { invalidField } from '../../http/errors.ts';
import type { RateLimiter, RateRule } from '../../http/rateLimit.ts';
import type { MetaService } from '../meta/service.ts';
import type { Handshakes } from './handshakes.ts';

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
}

export const createSystemService = (deps: SystemDeps) => ({
  async knock(uuid: string | undefined, ip: string) {
    if (!uuid) throw invalidField('X-Uuid', 'required', '缺少设备标识 X-Uuid');
    await deps.rateLimiter.hit([`knock:ip:${ip}`], knockRateRules, '握手太频繁，请稍后再试');
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
    };
  },

  debug(logLevel: string | undefined) {
    if (logLevel) deps.logger.level = logLevel;
    return { logLevel: deps.logger.level };
  },
});

export type SystemService = ReturnType<typeof createSystemService>;
