import { calls } from '@candy/contract';
import { createOutbound } from '../../net/outbound.ts';
import {
  type BangumiProvider,
  bangumiUserAgent,
  createBangumiProvider,
} from '../../providers/bangumi/bangumi.ts';
import type { ModuleContext } from '../context.ts';
import type { ImagesService } from '../images/service.ts';
import { createBangumiRepo } from './repo.ts';
import { createBangumiService } from './service.ts';

export const bangumiModule = (
  ctx: ModuleContext,
  deps: {
    images: Pick<ImagesService, 'registerStored' | 'forget' | 'withPicturesBy'>;
    provider?: BangumiProvider;
  },
) => {
  const bangumi = createBangumiService({
    repo: createBangumiRepo(ctx.db),
    provider: deps.provider ?? createBangumiProvider({ baseUrl: ctx.config.bangumiApiBase, now: ctx.now }),
    storage: ctx.storage,
    now: ctx.now,
    logger: ctx.logger,
    outbound: createOutbound(ctx.config.outbound, { userAgent: bangumiUserAgent }),
    images: deps.images,
  });
  ctx.router.route(
    calls.bangumiList,
    ctx.publicCache.handler({ tags: ['bangumi'], view: () => 'visitor' }, async ({ query }) =>
      deps.images.withPicturesBy(await bangumi.list(query.keyword), (entry) =>
        entry.cover ? [entry.cover] : [],
      ),
    ),
  );
  ctx.router.route(calls.bangumiBySubjectId, ({ query }) => bangumi.subject(query.subjectId));
  ctx.router.route(calls.bangumiByKeyword, ({ query }) => bangumi.byKeyword(query.keyword, query.start));
  ctx.router.route(calls.bangumiByAirDate, ({ query }) => bangumi.byAirDate(query.airDate, query.page));
  const written = <T>(result: T): T => {
    ctx.publicCache.invalidate('bangumi');
    return result;
  };
  ctx.router.route(calls.bangumiCreate, async ({ body }) => written(await bangumi.create(body)));
  ctx.router.route(calls.bangumiUpdate, async ({ params, body }) =>
    written(await bangumi.update(params.id, body)),
  );
  ctx.router.route(calls.bangumiDelete, async ({ params }) => written(await bangumi.remove(params.id)));
  return { bangumi };
};
