import { calls } from '@candy/contract';
import type { Essay } from '@candy/contract/calls/essays';
import type { EventBus } from '../../events.ts';
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
    events: Pick<EventBus, 'emit'>;
    now: () => number;
  },
): void => {
  const { essays, comments, publisher, cache, events, now } = deps;
  /** Visitors see it: no reservation, or one that has come (the field keeps its past value). */
  const isOut = (essay: Essay) => essay.reservation === null || essay.reservation <= now();
  const written = async <T>(result: T): Promise<T> => {
    cache.invalidate('essay');
    await publisher.schedule();
    return result;
  };
  /**
   * What visitors saw change: an essay out now was published (if it was reserved until this write)
   * or updated; a reserved one changes nothing public. One coming due is announced by the publisher.
   */
  const announce = async (before: Essay | null, after: Essay) => {
    if (!isOut(after)) return;
    const type = before === null || !isOut(before) ? 'essay.published' : 'essay.updated';
    await events.emit({ type, data: after });
  };
  const update = async (id: number, changes: Parameters<EssaysService['update']>[1]) => {
    const before = await essays.detail(id, true);
    const after = await essays.update(id, changes);
    await announce(before, after);
    return written(after);
  };
  router.route(calls.essayCreate, async ({ body }) => {
    const essay = await essays.create(body);
    await announce(null, essay);
    return written(essay);
  });
  router.route(calls.essayUpdate, ({ params, body }) => update(params.id, body));
  router.route(calls.reservationUpdate, ({ params, body }) =>
    update(params.id, { reservation: body.reservation }),
  );
  router.route(calls.reservationList, () => essays.reserved());
  router.route(calls.essayDelete, async ({ params }) => {
    await essays.remove(params.id);
    await comments.removeForTarget({ targetType: 'essay', targetId: params.id });
    await events.emit({ type: 'essay.deleted', data: { id: params.id } });
    return written({ id: params.id });
  });
};
