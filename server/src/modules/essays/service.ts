import { type Essay, type EssayInput, type EssayPage, essayPageSize } from '@candy/contract/calls/essays';
import type { z } from 'zod';
import { searchTerms } from '../../db/textSearch.ts';
import { invalidField, notFound } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import type { RevisionsService } from '../revisions/service.ts';
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
  /** Keeps a revision of every save. */
  revisions: RevisionsService;
  now: () => number;
}

type NewEssay = z.output<typeof EssayInput>;

/**
 * The date an essay carries when its reservation moves: a reserved essay is dated by its publish
 * time; one published now (the reservation cleared before it came due) by now; an essay already out
 * keeps its date.
 */
const publishDate = (stored: number | null, next: number | null, at: number): { created_at?: number } =>
  next !== null ? { created_at: next } : stored !== null && stored > at ? { created_at: at } : {};
type EssayChanges = Partial<NewEssay>;

export const createEssaysService = ({ repo, revisions, now }: EssaysDeps) => {
  /** Visitors see what is published by now; the owner sees hidden and reserved essays too. */
  const visibleAt = (owner: boolean) => (owner ? null : now());
  /** A reservation being set must lie ahead: otherwise it would publish at once, silently. */
  const checkReservation = (reservation: number | null | undefined, at: number) => {
    if (reservation !== null && reservation !== undefined && reservation <= at) {
      throw invalidField('reservation', 'future', said('error.essays.reservationPast'));
    }
  };

  return {
    async create(input: NewEssay): Promise<Essay> {
      const at = now();
      checkReservation(input.reservation, at);
      const row = await repo.insert({
        content: input.content,
        hide: input.hide ? 1 : 0,
        reservation: input.reservation,
        // A reserved essay is dated when it is published, not when it was written.
        created_at: input.reservation ?? at,
        updated_at: at,
        // Nothing to announce for an essay that is out at once.
        announced_at: input.reservation === null ? at : null,
      });
      await revisions.saved('essay', row.id, row.content, { draftId: 0 });
      return presentEssay(row);
    },
    async update(id: number, changes: EssayChanges): Promise<Essay> {
      const at = now();
      const current = await repo.findAny(id);
      if (!current) throw notFound(said('error.essays.notFound'));
      const stored = current.reservation === null ? null : Number(current.reservation);
      const moved = changes.reservation !== undefined && changes.reservation !== stored;
      if (moved) checkReservation(changes.reservation, at);
      const row = await repo.update(id, {
        ...(changes.content !== undefined ? { content: changes.content } : {}),
        ...(changes.hide !== undefined ? { hide: changes.hide ? 1 : 0 } : {}),
        ...(moved
          ? {
              reservation: changes.reservation,
              announced_at: changes.reservation === null ? at : null,
              ...publishDate(stored, changes.reservation ?? null, at),
            }
          : {}),
        updated_at: at,
      });
      if (!row) throw notFound(said('error.essays.notFound'));
      await revisions.saved('essay', id, row.content);
      return presentEssay(row);
    },
    async remove(id: number): Promise<void> {
      if (!(await repo.remove(id))) throw notFound(said('error.essays.notFound'));
      await revisions.forget('essay', id);
    },
    /** Reserved essays not yet published, soonest first. */
    reserved: async (): Promise<Essay[]> => (await repo.reservedAfter(now())).map(presentEssay),
    /** Due reserved essays whose publication has not been announced yet. */
    dueUnannounced: async (): Promise<Essay[]> => (await repo.dueUnannounced(now())).map(presentEssay),
    /** True for exactly one caller per essay: that caller runs the publication's side effects. */
    claimAnnouncement: (id: number): Promise<boolean> => repo.claimAnnouncement(id, now()),
    /** How many essays there are: all, hidden, and reserved for later (the dashboard). */
    counts: () => repo.counts(now()),
    /** How many essays a visitor may read now. */
    countPublic: (): Promise<number> => repo.countVisible(now()),
    async list(query: { start?: number; keyword?: string }, owner: boolean): Promise<EssayPage> {
      const id = directId(query.keyword);
      if (id !== null) {
        const row = await repo.findVisible(id, visibleAt(owner));
        return { list: row ? [presentEssay(row)] : [], hasMore: false };
      }
      // The cursor is the last essay the client has (spec §7); the page goes on below its date.
      const start =
        query.start === undefined ? undefined : await repo.findVisible(query.start, visibleAt(owner));
      // An essay deleted (or hidden) since has no place in the list any more: nothing follows it.
      if (query.start !== undefined && !start) return { list: [], hasMore: false };
      const rows = await repo.page({
        after: start && { createdAt: Number(start.created_at), id: start.id },
        terms: searchTerms(query.keyword ?? ''),
        visibleAt: visibleAt(owner),
        limit: essayPageSize + 1,
      });
      return { list: rows.slice(0, essayPageSize).map(presentEssay), hasMore: rows.length > essayPageSize };
    },

    async detail(id: number, owner: boolean): Promise<Essay> {
      const row = await repo.findVisible(id, visibleAt(owner));
      if (!row) throw notFound(said('error.essays.notFound'));
      return presentEssay(row);
    },

    /** Whether the caller may see essay `id` (comments use it to check their target). */
    isVisible: async (id: number, owner: boolean): Promise<boolean> =>
      (await repo.findVisible(id, visibleAt(owner))) !== undefined,

    /** Every essay a visitor may read now, newest first: what the offline snapshot publishes. */
    listForSnapshot: async (): Promise<Essay[]> => (await repo.allVisible(now())).map(presentEssay),

    /** The text of every essay, the owner's drafts too: the pictures they show. */
    contents: async (): Promise<string[]> => (await repo.allContents()).map((row) => row.content),

    /** When the visitors' view changes next by itself (a reservation coming due), if ever. */
    nextReservation: (): Promise<number | null> => repo.nextReservationAfter(now()),
  };
};

export type EssaysService = ReturnType<typeof createEssaysService>;
