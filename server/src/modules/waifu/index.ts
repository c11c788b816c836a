import { calls } from '@candy/contract';
import type { ModuleContext } from '../context.ts';
import type { ImagesService } from '../images/service.ts';
import { createWaifuRepo } from './repo.ts';
import { createWaifuService } from './service.ts';

export const waifuModule = (
  ctx: ModuleContext,
  deps: { images: Pick<ImagesService, 'register' | 'forget' | 'withPicturesBy'> },
) => {
  const waifu = createWaifuService({
    repo: createWaifuRepo(ctx.db),
    storage: ctx.storage,
    imageMaxBytes: ctx.config.imageMaxBytes,
    imageMaxPixels: ctx.config.imageMaxPixels,
    images: deps.images,
    now: ctx.now,
    logger: ctx.logger,
  });
  // Dark call: the router has already refused (4031) anyone without the dark key or owner access.
  ctx.router.route(
    calls.waifuList,
    ctx.publicCache.handler({ tags: ['waifu'], view: () => 'dark' }, async () =>
      deps.images.withPicturesBy(await waifu.list(), (picture) => [picture.url]),
    ),
  );
  /** The gallery follows every write at once (and the offline snapshot, through the invalidation). */
  const written = <T>(result: T): T => {
    ctx.publicCache.invalidate('waifu');
    return result;
  };
  ctx.router.route(calls.waifuUpload, async ({ req }) => written(await waifu.upload(req)));
  ctx.router.route(calls.waifuOrder, async ({ body }) => written(await waifu.reorder(body.ids)));
  ctx.router.route(calls.waifuUpdate, async ({ params, body }) =>
    written(await waifu.update(params.id, body)),
  );
  ctx.router.route(calls.waifuDelete, async ({ params }) => written(await waifu.remove(params.id)));
  return { waifu };
};
