import type { Bangumi } from '@candy/contract/calls/bangumi';
import { describe, expect, it } from 'vitest';
import { groupBangumi, progressPercent, tagsOf } from './groupBangumi.ts';

const entry = (id: number, patch: Partial<Bangumi>): Bangumi => ({
  id,
  subjectId: null,
  title: `title ${id}`,
  titleCn: `标题 ${id}`,
  cover: '',
  airDate: null,
  episodesWatched: 0,
  episodesTotal: 12,
  status: 'wish',
  rating: null,
  review: '',
  tags: [],
  createdAt: 0,
  updatedAt: 0,
  ...patch,
});

const list = [
  entry(1, { status: 'watched', tags: ['校园', '治愈'] }),
  entry(2, { status: 'watching', tags: ['治愈'] }),
  entry(3, { status: 'dropped', tags: ['机战'], titleCn: '钢之心' }),
  entry(4, { status: 'watching', tags: [] }),
];
const all = { status: 'all', tag: '', keyword: '' } as const;

describe('groupBangumi', () => {
  it('groups by status in display order, leaving out empty groups', () => {
    expect(groupBangumi(list, all).map((g) => [g.status, g.entries.map((e) => e.id)])).toEqual([
      ['watching', [2, 4]],
      ['watched', [1]],
      ['dropped', [3]],
    ]);
  });

  it.each([
    ['status', { ...all, status: 'watching' as const }, [2, 4]],
    ['tag', { ...all, tag: '治愈' }, [2, 1]],
    ['keyword in the Chinese title', { ...all, keyword: '钢之' }, [3]],
    ['keyword in a tag, any case', { ...all, keyword: '校园' }, [1]],
    ['status and tag together', { ...all, status: 'watched' as const, tag: '机战' }, []],
  ])('filters by %s', (_, filter, ids) => {
    expect(groupBangumi(list, filter).flatMap((g) => g.entries.map((e) => e.id))).toEqual(ids);
  });
});

describe('tagsOf', () => {
  it('lists tags most used first', () => {
    expect(tagsOf(list)).toEqual(['治愈', '机战', '校园']);
  });

  it('breaks ties by code point, the same order on the server and in any browser locale', () => {
    const tied = [entry(1, { tags: ['中', 'a', 'B'] })];
    expect(tagsOf(tied)).toEqual(['B', 'a', '中']);
  });
});

describe('progressPercent', () => {
  it.each([
    [{ episodesWatched: 6, episodesTotal: 12, status: 'watching' as const }, 50],
    [{ episodesWatched: 13, episodesTotal: 12, status: 'watched' as const }, 100],
    [{ episodesWatched: 3, episodesTotal: null, status: 'watching' as const }, 0],
    [{ episodesWatched: 0, episodesTotal: null, status: 'watched' as const }, 100],
  ])('%o → %i%%', (input, expected) => {
    expect(progressPercent(input)).toBe(expected);
  });
});
