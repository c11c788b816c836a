import { calls } from '@candy/contract';
import type { ModuleContext } from '../context.ts';
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
  return { hitokoto };
};
