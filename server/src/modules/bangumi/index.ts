import { calls } from '@candy/contract';
import type { ModuleContext } from '../context.ts';
import { createBangumiRepo } from './repo.ts';
import { createBangumiService } from './service.ts';

export const bangumiModule = (ctx: ModuleContext) => {
  const bangumi = createBangumiService(createBangumiRepo(ctx.db));
  ctx.router.route(
    calls.bangumiList,
    ctx.publicCache.handler({ tags: ['bangumi'], view: () => 'visitor' }, async ({ query }) =>
      bangumi.list(query.keyword),
    ),
  );
  return { bangumi };
};
