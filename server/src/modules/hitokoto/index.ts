import { calls } from '@candy/contract';
import type { ModuleContext } from '../context.ts';
import { createHitokotoRepo } from './repo.ts';
import { createHitokotoService } from './service.ts';

export const hitokotoModule = (ctx: ModuleContext) => {
  const hitokoto = createHitokotoService({ repo: createHitokotoRepo(ctx.db) });
  // Not cached: every call should draw a new quote.
  ctx.router.route(calls.hitokotoRandom, async ({ query }) => hitokoto.random(query));
  return { hitokoto };
};
