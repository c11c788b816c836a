import type { Bangumi, BangumiStatus } from '@candy/contract/calls/bangumi';

/** Display order of the groups (the contract's bangumiStatuses, repeated: calls/ carries zod). */
export const statusOrder: readonly BangumiStatus[] = ['watching', 'wish', 'watched', 'on_hold', 'dropped'];

/** A status's words in the catalogue (`bangumi.status.watching`). */
export const statusKey = (status: BangumiStatus): string => `bangumi.status.${status}`;

export interface BangumiFilter {
  status: BangumiStatus | 'all';
  tag: string;
  keyword: string;
}

/** Matches the server's keyword search (title, Chinese title, review, tags); also serves offline data. */
const matchesKeyword = (entry: Bangumi, keyword: string): boolean => {
  const needle = keyword.trim().toLowerCase();
  if (!needle) return true;
  return [entry.title, entry.titleCn, entry.review, ...entry.tags].some((text) =>
    text.toLowerCase().includes(needle),
  );
};

/** Entries that pass the filter, grouped by status in display order; empty groups left out. */
export const groupBangumi = (
  entries: readonly Bangumi[],
  filter: BangumiFilter,
): { status: BangumiStatus; entries: Bangumi[] }[] => {
  const kept = entries.filter(
    (entry) =>
      (filter.status === 'all' || entry.status === filter.status) &&
      (!filter.tag || entry.tags.includes(filter.tag)) &&
      matchesKeyword(entry, filter.keyword),
  );
  return statusOrder
    .map((status) => ({ status, entries: kept.filter((entry) => entry.status === status) }))
    .filter((group) => group.entries.length > 0);
};

/**
 * Every tag, most used first (then by code point). Not `localeCompare`: its first call builds an ICU
 * collator, a 40 ms task on a phone while the page hydrated (issue 30), and the server's and the
 * browser's default locales need not agree on an order the markup must repeat.
 */
export const tagsOf = (entries: readonly Bangumi[]): string[] => {
  const counts = new Map<string, number>();
  for (const entry of entries) for (const tag of entry.tags) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts]
    .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .map(([tag]) => tag);
};

/** Watched share 0–100; an unknown total counts as not started unless finished. */
export const progressPercent = (
  entry: Pick<Bangumi, 'episodesWatched' | 'episodesTotal' | 'status'>,
): number => {
  if (entry.episodesTotal && entry.episodesTotal > 0)
    return Math.min(100, Math.round((entry.episodesWatched / entry.episodesTotal) * 100));
  return entry.status === 'watched' ? 100 : 0;
};
