import { calls } from '@candy/contract';
import type { ModuleContext } from '../context.ts';
import { createLinkRepo } from './repo.ts';
import { createLinksService } from './service.ts';

export const linksModule = (ctx: ModuleContext) => {
  const links = createLinksService(createLinkRepo(ctx.db));
  ctx.router.route(
    calls.linkList,
    ctx.publicCache.handler({ tags: ['link'], view: () => 'visitor' }, async () => links.list()),
  );
  return { links };
};
