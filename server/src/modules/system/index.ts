import { appliedMigrations } from '../../db/migrate.ts';
import { createMemoryRateLimiter } from '../../http/rateLimit.ts';
import type { ModuleContext } from '../context.ts';
import type { MetaService } from '../meta/service.ts';
import { createHandshakes } from './handshakes.ts';
import { createHandshakeRepo } from './repo.ts';
import { systemRoutes } from './routes.ts';
import { createSystemService } from './service.ts';
import { databaseSize } from './usage.ts';

export const systemModule = (ctx: ModuleContext, deps: { meta: MetaService }) => {
  const handshakes = createHandshakes(createHandshakeRepo(ctx.db), ctx.now);
  const system = createSystemService({
    handshakes,
    // In memory: a knock must not cost a database write for its limit (issue 16).
    rateLimiter: createMemoryRateLimiter(ctx.now),
    meta: deps.meta,
    dialect: ctx.dialect,
    appliedMigrations: () => appliedMigrations(ctx.db),
    logger: ctx.logger,
    startedAt: ctx.now(),
    usage: { databaseSize: () => databaseSize(ctx.db, ctx.config.database), dataDir: ctx.config.dataDir },
    now: ctx.now,
  });
  systemRoutes(ctx.router, system, ctx.publicCache);
  return { system, handshakes };
};
