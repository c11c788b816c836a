import { calls } from '@candy/contract';
import type { EventBus } from '../../events.ts';
import type { PublicCache, ViewClass } from '../../http/publicCache.ts';
import type { Router } from '../../http/router.ts';
import type { ImagesService } from '../images/service.ts';
import { utcOffsetMinutes } from './localDays.ts';
import type { MomentsService } from './service.ts';

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

  const written = <T>(result: T): T => {
    cache.invalidate('moment');
    return result;
  };
  router.route(calls.momentCreate, async ({ body }) => {
    const moment = written(await moments.create(body));
    await events.emit({ type: 'moment.posted', data: moment });
    return moment;
  });
  router.route(calls.momentUpdate, async ({ params, body }) => {
    const moment = written(await moments.update(params.id, body));
    await events.emit({ type: 'moment.updated', data: moment });
    return moment;
  });
  router.route(calls.momentDelete, async ({ params }) => {
    await moments.remove(params.id);
    await events.emit({ type: 'moment.deleted', data: { id: params.id } });
    return written({ id: params.id });
  });
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
