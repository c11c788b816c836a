import type { EventBus } from '../../events.ts';
import type { PublicCache } from '../../http/publicCache.ts';
import type { MomentsService } from './service.ts';

type MomentFields = Parameters<MomentsService['create']>[0];

/**
 * A moment written, changed or deleted, with what follows every such write: the cached feed is
 * dropped and the event announced (webhooks, federation). The back office's calls and the
 * Mastodon client API (issue 42) both write through here, so a post from an app is the same post.
 */
export const createMomentWrites = (
  moments: MomentsService,
  cache: Pick<PublicCache, 'invalidate'>,
  events: Pick<EventBus, 'emit'>,
) => ({
  async create(fields: MomentFields) {
    const moment = await moments.create(fields);
    cache.invalidate('moment');
    await events.emit({ type: 'moment.posted', data: moment });
    return moment;
  },
  async update(id: number, fields: MomentFields) {
    const moment = await moments.update(id, fields);
    cache.invalidate('moment');
    await events.emit({ type: 'moment.updated', data: moment });
    return moment;
  },
  async remove(id: number) {
    await moments.remove(id);
    cache.invalidate('moment');
    await events.emit({ type: 'moment.deleted', data: { id } });
    return { id };
  },
});

export type MomentWrites = ReturnType<typeof createMomentWrites>;
