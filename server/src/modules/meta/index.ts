import { calls } from '@candy/contract';
import type { ModuleContext } from '../context.ts';
import { createMetaRepo } from './repo.ts';
import { createMetaService } from './service.ts';

/** Meta strings and the owner's calls for them (spec §7 /meta/string…, issue 11). */
export const metaModule = (ctx: ModuleContext) => {
  const meta = createMetaService(createMetaRepo(ctx.db), ctx.now);
  const written = <T>(result: T): T => {
    // Footer settings are cached; banned words and dokkiri are read live on each request.
    ctx.publicCache.invalidate('meta');
    return result;
  };
  ctx.router.route(calls.metaList, () => meta.list());
  ctx.router.route(calls.metaMap, () => meta.map());
  ctx.router.route(calls.metaGroup, ({ params }) => meta.list(params.id));
  ctx.router.route(calls.metaCreate, async ({ body }) =>
    written(await meta.create(body.group, body.key, body.value)),
  );
  ctx.router.route(calls.metaUpdate, async ({ params, body }) =>
    written(await meta.update(params.id, body.value)),
  );
  ctx.router.route(calls.metaDelete, async ({ params }) => written(await meta.remove(params.id)));
  ctx.router.route(
    calls.metaSite,
    ctx.publicCache.handler({ tags: ['meta'], view: () => 'visitor' }, async () => meta.site()),
  );
  return { meta };
};
