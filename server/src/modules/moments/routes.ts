import { calls } from '@candy/contract';
import type { EventBus } from '../../events.ts';
import type { PublicCache, ViewClass } from '../../http/publicCache.ts';
import type { Router } from '../../http/router.ts';
import type { ImagesService } from '../images/service.ts';
import { utcOffsetMinutes } from './localDays.ts';
import type { MomentsService } from './service.ts';
import { createMomentWrites } from './writes.ts';

/**
 * Dark calls: the router has already refused (4031) anyone without the dark key or owner access, and
 * both see the same moments, so one `dark` view serves them.
 */
export const momentsRoutes = (
  router: Router,
  moments: MomentsService,
  cache: PublicCache,
  now: () => number,
  images: Pick<ImagesService, 'withPicturesBy'>,
  events: Pick<EventBus, 'emit'>,
): void => {
  const offsetOf = ({ caller }: { caller: { localTime: number | undefined } }) =>
    utcOffsetMinutes(caller.localTime, now());
  // Day boundaries depend on the caller's time zone: it is part of the cache key.
  const byZone = {
    tags: ['moment'],
    view: (): ViewClass => 'dark',
    variant: (input: { caller: { localTime: number | undefined } }) => String(offsetOf(input)),
  } as const;

  const writes = createMomentWrites(moments, cache, events);
  router.route(calls.momentCreate, ({ body }) => writes.create(body));
  router.route(calls.momentUpdate, ({ params, body }) => writes.update(params.id, body));
  router.route(calls.momentDelete, ({ params }) => writes.remove(params.id));
  router.route(
    calls.momentList,
    cache.handler({ tags: ['moment'], view: () => 'dark' }, async ({ query }) => {
      const page = await moments.list(query);
      return {
        ...page,
        list: await images.withPicturesBy(page.list, (moment) => moment.images.map((image) => image.url)),
      };
    }),
  );
  router.route(
    calls.momentStatistics,
    cache.handler(byZone, async (input) => moments.statistics(input.query.type, offsetOf(input))),
  );
  router.route(
    calls.momentWeekReport,
    cache.handler(byZone, async (input) => moments.weekReport(offsetOf(input))),
  );
};
