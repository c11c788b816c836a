import { type Essay, type EssayPage, essayPageSize } from '@candy/contract/calls/essays';
import { searchTerms } from '../../db/textSearch.ts';
import { notFound } from '../../http/errors.ts';
import type { EssayRepo, EssayRow } from './repo.ts';

/** The one place that turns a row into what the API answers. */
export const presentEssay = (row: EssayRow): Essay => ({
  id: row.id,
  content: row.content,
  hide: row.hide === 1,
  reservation: row.reservation === null ? null : Number(row.reservation),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

/** `#12` (spaces allowed after `#`) asks for essay 12 directly (spec §5). */
export const directId = (keyword: string | undefined): number | null => {
  const match = /^#\s*(\d{1,10})$/.exec(keyword?.trim() ?? '');
  const id = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
};

export interface EssaysDeps {
  repo: EssayRepo;
  now: () => number;
}

export const createEssaysService = ({ repo, now }: EssaysDeps) => {
  /** Visitors see what is published by now; the owner sees hidden and reserved essays too. */
  const visibleAt = (owner: boolean) => (owner ? null : now());

  return {
    async list(query: { start?: number; keyword?: string }, owner: boolean): Promise<EssayPage> {
      const id = directId(query.keyword);
      if (id !== null) {
        const row = await repo.findVisible(id, visibleAt(owner));
        return { list: row ? [presentEssay(row)] : [], hasMore: false };
      }
      const rows = await repo.page({
        before: query.start,
        terms: searchTerms(query.keyword ?? ''),
        visibleAt: visibleAt(owner),
        limit: essayPageSize + 1,
      });
      return { list: rows.slice(0, essayPageSize).map(presentEssay), hasMore: rows.length > essayPageSize };
    },

    async detail(id: number, owner: boolean): Promise<Essay> {
      const row = await repo.findVisible(id, visibleAt(owner));
      if (!row) throw notFound('随笔不存在');
      return presentEssay(row);
    },

    /** Whether the caller may see essay `id` (comments use it to check their target). */
    isVisible: async (id: number, owner: boolean): Promise<boolean> =>
      (await repo.findVisible(id, visibleAt(owner))) !== undefined,

    /** Every essay a visitor may read now, newest first: what the offline snapshot publishes. */
    listForSnapshot: async (): Promise<Essay[]> => (await repo.allVisible(now())).map(presentEssay),

    /** When the visitors' view changes next by itself (a reservation coming due), if ever. */
    nextReservation: (): Promise<number | null> => repo.nextReservationAfter(now()),
  };
};

export type EssaysService = ReturnType<typeof createEssaysService>;
