import { calls } from '@candy/contract';
import type { PublicCache } from '../../http/publicCache.ts';
import type { Router } from '../../http/router.ts';
import type { CommentService } from '../comments/service.ts';
import type { ReservationPublisher } from './reservations.ts';
import type { EssaysService } from './service.ts';

/**
 * The owner's essay writes (issue 10). Every write drops the cached essay answers at once (lists,
 * `#id`, search) and re-aims the reservation timer.
 */
export const essayWriteRoutes = (
  router: Router,
  deps: {
    essays: EssaysService;
    comments: CommentService;
    publisher: ReservationPublisher;
    cache: PublicCache;
  },
): void => {
  const { essays, comments, publisher, cache } = deps;
  const written = async <T>(result: T): Promise<T> => {
    cache.invalidate('essay');
    await publisher.schedule();
    return result;
  };
  router.route(calls.essayCreate, async ({ body }) => written(await essays.create(body)));
  router.route(calls.essayUpdate, async ({ params, body }) => written(await essays.update(params.id, body)));
  router.route(calls.reservationUpdate, async ({ params, body }) =>
    written(await essays.update(params.id, { reservation: body.reservation })),
  );
  router.route(calls.reservationList, () => essays.reserved());
  router.route(calls.essayDelete, async ({ params }) => {
    await essays.remove(params.id);
    await comments.removeForTarget({ targetType: 'essay', targetId: params.id });
    return written({ id: params.id });
  });
};
