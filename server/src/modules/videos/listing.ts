import type { MaterialFilters } from '@candy/contract/calls/videos';
import { invalidField } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import { statusOf } from './present.ts';
import type { MaterialRow } from './repo.ts';

/** Whether a clip passes the list filters (status, a tag, a keyword in title/description/source). */
export const matches = (row: MaterialRow, filters: MaterialFilters): boolean => {
  if (filters.status && statusOf(row) !== filters.status) return false;
  if (filters.tag && !(JSON.parse(row.tags) as string[]).includes(filters.tag)) return false;
  if (filters.keyword) {
    const word = filters.keyword.toLowerCase();
    const haystack =
      `${row.title}\n${row.description}\n${row.source_path ?? row.upload_name ?? ''}`.toLowerCase();
    if (!haystack.includes(word)) return false;
  }
  return true;
};

export const sortValue = (row: MaterialRow, field: 'createdAt' | 'updatedAt' | 'title' | 'duration') => {
  switch (field) {
    case 'createdAt':
      return Number(row.created_at);
    case 'updatedAt':
      return Number(row.updated_at);
    case 'title':
      return row.title;
    case 'duration':
      return Number(row.duration_ms ?? -1);
  }
};

/** The comma-separated tags of an upload form; 4000 on `tags` beyond the contract's limits. */
export const parseTagList = (text: string): string[] => {
  const tags = text
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tags.length > 20 || tags.some((t) => t.length > 32))
    throw invalidField('tags', 'too_big', said('error.videos.tags'));
  return tags;
};
