import type { Essay } from '@candy/contract/calls/essays';
import type { EventBus } from '../../events.ts';
import type { PublicCache } from '../../http/publicCache.ts';
import type { CommentService } from '../comments/service.ts';
import type { ReservationPublisher } from './reservations.ts';
import type { EssaysService } from './service.ts';

export interface EssayWriteDeps {
  essays: EssaysService;
  comments: Pick<CommentService, 'removeForTarget'>;
  publisher: ReservationPublisher;
  cache: Pick<PublicCache, 'invalidate'>;
  events: Pick<EventBus, 'emit'>;
  now: () => number;
}

/**
 * An essay written, changed or deleted with what follows (issue 10): the cached essay answers
 * (lists, `#id`, search) dropped at once, the reservation timer re-aimed, the change announced.
 * The back office's calls and the Mastodon client API (issue 42) both write through here.
 */
export const createEssayWrites = ({ essays, comments, publisher, cache, events, now }: EssayWriteDeps) => {
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
  return {
    async create(input: Parameters<EssaysService['create']>[0]): Promise<Essay> {
      const essay = await essays.create(input);
      await announce(null, essay);
      return written(essay);
    },
    async update(id: number, changes: Parameters<EssaysService['update']>[1]): Promise<Essay> {
      const before = await essays.detail(id, true);
      const after = await essays.update(id, changes);
      await announce(before, after);
      return written(after);
    },
    async remove(id: number): Promise<{ id: number }> {
      await essays.remove(id);
      await comments.removeForTarget({ targetType: 'essay', targetId: id });
      await events.emit({ type: 'essay.deleted', data: { id } });
      return written({ id });
    },
  };
};

export type EssayWrites = ReturnType<typeof createEssayWrites>;
