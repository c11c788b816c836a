import {
  type Moment,
  MomentImage,
  type MomentPage,
  type MomentStatistics,
  momentPageSize,
  type WeekReport,
} from '@candy/contract/calls/moments';
import type { Selectable } from 'kysely';
import * as z from 'zod';
import type { MomentTable } from '../../db/schema.ts';
import { searchTerms } from '../../db/textSearch.ts';
import { notFound } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import { dateOf, dayIndexOf, dayStart } from './localDays.ts';
import type { MomentRepo } from './repo.ts';
import { summariseWeek } from './weekReport.ts';

const statisticsDays = 365;

// A malformed images column (hand-edited row) shows a moment without pictures, not an error.
const Images = z.array(MomentImage).catch([]);
export const imagesOf = (json: string) => {
  try {
    return Images.parse(JSON.parse(json));
  } catch {
    return [];
  }
};

export const presentMoment = (row: Selectable<MomentTable>): Moment => ({
  id: row.id,
  content: row.content,
  images: imagesOf(row.images),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

type MomentFields = { content: string; images: { url: string; width: number; height: number }[] };

export const createMomentsService = ({ repo, now }: { repo: MomentRepo; now: () => number }) => ({
  async create({ content, images }: MomentFields): Promise<Moment> {
    const at = now();
    return presentMoment(
      await repo.insert({ content, images: JSON.stringify(images), created_at: at, updated_at: at }),
    );
  },
  async update(id: number, { content, images }: MomentFields): Promise<Moment> {
    const row = await repo.update(id, { content, images: JSON.stringify(images), updated_at: now() });
    if (!row) throw notFound(said('error.moments.notFound'));
    return presentMoment(row);
  },
  async remove(id: number): Promise<void> {
    if (!(await repo.remove(id))) throw notFound(said('error.moments.notFound'));
  },
  count: (): Promise<number> => repo.count(),
  /** Newest first, only those written before `before` (ms) when it is given: the apps' timelines (issue 42). */
  async older(before: number | undefined, limit: number): Promise<Moment[]> {
    const after = before === undefined ? undefined : { createdAt: before, id: 0 };
    return (await repo.page({ after, terms: [], limit })).map(presentMoment);
  },
  async find(id: number): Promise<Moment | null> {
    const row = await repo.findById(id);
    return row ? presentMoment(row) : null;
  },
  exists: async (id: number): Promise<boolean> => (await repo.findById(id)) !== undefined,
  /** Every picture any moment shows, with its size. */
  pictures: async () => (await repo.allImages()).flatMap((row) => imagesOf(row.images)),
  async list(query: { start?: number; keyword?: string }): Promise<MomentPage> {
    // The cursor is the last moment the client has; one deleted since has no place left: nothing follows.
    const startAt = query.start === undefined ? undefined : await repo.findCreatedAt(query.start);
    if (query.start !== undefined && startAt === undefined) return { list: [], hasMore: false };
    const rows = await repo.page({
      after:
        query.start === undefined || startAt === undefined
          ? undefined
          : { createdAt: startAt, id: query.start },
      terms: searchTerms(query.keyword ?? ''),
      limit: momentPageSize + 1,
    });
    return { list: rows.slice(0, momentPageSize).map(presentMoment), hasMore: rows.length > momentPageSize };
  },

  /** Counts over the last 365 local days (today included), per day or per hour of the day. */
  async statistics(type: 'day' | 'hour', offset: number): Promise<MomentStatistics> {
    const today = dayIndexOf(now(), offset);
    const first = today - statisticsDays + 1;
    const from = dayStart(first, offset);
    const to = dayStart(today + 1, offset);
    if (type === 'hour') {
      const counts = await repo.countsByHour(from, to, offset);
      return {
        type,
        utcOffsetMinutes: offset,
        hours: Array.from({ length: 24 }, (_, hour) => counts.get(hour) ?? 0),
      };
    }
    const counts = await repo.countsByDay(from, to, offset);
    return {
      type,
      utcOffsetMinutes: offset,
      days: Array.from({ length: statisticsDays }, (_, i) => ({
        date: dateOf(first + i),
        count: counts.get(first + i) ?? 0,
      })),
    };
  },

  /** This week (Monday to now) against the whole of last week, in the caller's time zone. */
  async weekReport(offset: number): Promise<WeekReport> {
    const at = now();
    const today = dayIndexOf(at, offset);
    const report = (rows: { created_at: number; images: string }[]) => ({
      utcOffsetMinutes: offset,
      thisWeek: summariseWeek(rows, { today, offset, weeksAgo: 0, imagesOf }),
      lastWeek: summariseWeek(rows, { today, offset, weeksAgo: 1, imagesOf }),
    });
    const rows = await repo.between(dayStart(today - 13, offset), at + 1);
    return report(rows.map((r) => ({ created_at: Number(r.created_at), images: r.images })));
  },
});

export type MomentsService = ReturnType<typeof createMomentsService>;
