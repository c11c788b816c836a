import { calls } from '@candy/contract';
import { securityHeaders } from '../../http/security.ts';
import type { ModuleContext } from '../context.ts';
import { createHitokotoFastRead } from './fastRead.ts';
import { createHitokotoRepo } from './repo.ts';
import { createHitokotoService } from './service.ts';

export const hitokotoModule = (ctx: ModuleContext) => {
  const hitokoto = createHitokotoService({
    repo: createHitokotoRepo(ctx.db),
    now: ctx.now,
    generation: () => ctx.publicCache.generation('hitokoto'),
  });
  // Not cached as an answer (every call draws a new quote); the quotes themselves are in memory.
  ctx.router.route(calls.hitokotoRandom, async ({ query }) => hitokoto.random(query));
  // The same call answered before Fastify once the quotes are in memory (app.ts, issue 16).
  const fastRead = createHitokotoFastRead({
    path: `${ctx.config.apiBasePath}${calls.hitokotoRandom.path}`,
    service: hitokoto,
    headers: securityHeaders(ctx.config),
  });
  return { hitokoto, hitokotoFastRead: fastRead };
};
