import { calls } from '@candy/contract';
import type { ModuleContext } from '../context.ts';
import { createWaifuRepo } from './repo.ts';
import { createWaifuService } from './service.ts';

export const waifuModule = (ctx: ModuleContext) => {
  const waifu = createWaifuService(createWaifuRepo(ctx.db));
  // Dark call: the router has already refused (4031) anyone without the dark key or owner access.
  ctx.router.route(
    calls.waifuList,
    ctx.publicCache.handler({ tags: ['waifu'], view: () => 'dark' }, async () => waifu.list()),
  );
  return { waifu };
};
