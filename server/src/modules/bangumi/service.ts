import { type Bangumi, BangumiStatus } from '@candy/contract/calls/bangumi';
import type { Selectable } from 'kysely';
import type { BangumiTable } from '../../db/schema.ts';
import { withoutControlCharacters } from '../../db/textSearch.ts';
import type { BangumiRepo } from './repo.ts';

const tagsOf = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((t): t is string => typeof t === 'string') : [];
  } catch {
    return [];
  }
};

export const presentBangumi = (row: Selectable<BangumiTable>): Bangumi => ({
  id: row.id,
  subjectId: row.subject_id,
  title: row.title,
  titleCn: row.title_cn,
  cover: row.cover,
  airDate: row.air_date,
  episodesWatched: row.episodes_watched,
  episodesTotal: row.episodes_total,
  // A status outside the list (a hand-edited row) reads as a wish rather than breaking the page.
  status: BangumiStatus.catch('wish').parse(row.status),
  rating: row.rating,
  review: row.review,
  tags: tagsOf(row.tags),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

export const createBangumiService = (repo: BangumiRepo) => ({
  list: async (keyword: string | undefined): Promise<Bangumi[]> =>
    (await repo.list(withoutControlCharacters(keyword ?? '').trim() || undefined)).map(presentBangumi),
});

export type BangumiService = ReturnType<typeof createBangumiService>;
