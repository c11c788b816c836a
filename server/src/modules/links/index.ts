import { calls } from '@candy/contract';
import type { ModuleContext } from '../context.ts';
import { createLinkRepo } from './repo.ts';
import { createLinksService } from './service.ts';

export const linksModule = (ctx: ModuleContext) => {
  const links = createLinksService(createLinkRepo(ctx.db), ctx.now);
  ctx.router.route(
    calls.linkList,
    ctx.publicCache.handler({ tags: ['link'], view: () => 'visitor' }, async () => links.list()),
  );
  const written = <T>(result: T): T => {
    ctx.publicCache.invalidate('link');
    return result;
  };
  ctx.router.route(calls.linkCreate, async ({ body }) => written(await links.create(body)));
  ctx.router.route(calls.linkUpdate, async ({ params, body }) =>
    written(await links.update(params.id, body)),
  );
  ctx.router.route(calls.linkDelete, async ({ params }) => written(await links.remove(params.id)));
  return { links };
};
