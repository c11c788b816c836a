import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryString } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

const entry = (title: string, titleCn: string, status: string, updatedAt: number, tags: string[] = []) => ({
  subject_id: updatedAt,
  title,
  title_cn: titleCn,
  cover: `/files/${updatedAt}.svg`,
  air_date: '2020-01-01',
  episodes_watched: 3,
  episodes_total: 12,
  status,
  rating: 8,
  review: `${titleCn}的短评`,
  tags: JSON.stringify(tags),
  created_at: updatedAt,
  updated_at: updatedAt,
});

describe('anime list', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db
      .insertInto('bangumi')
      .values([
        entry('CLANNAD', 'CLANNAD', 'watched', 1, ['Key', '催泪']),
        entry('けいおん!', '轻音少女', 'on_hold', 3, ['日常', '音乐']),
        entry('葬送のフリーレン', '葬送的芙莉莲', 'wish', 2, ['奇幻']),
      ])
      .execute();
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, string> = {}) => {
    const res = await t.server.inject({ method: 'GET', url: `/api/blog/bangumi?${queryString(query)}` });
    expect(res.statusCode).toBe(200);
    return res.json().data as { titleCn: string }[];
  };

  it('answers every entry, most recently updated first, with all its fields', async () => {
    const data = await list();
    expect(data.map((b) => b.titleCn)).toEqual(['轻音少女', '葬送的芙莉莲', 'CLANNAD']);
    expect(data[2]).toEqual({
      id: expect.any(Number),
      subjectId: 1,
      title: 'CLANNAD',
      titleCn: 'CLANNAD',
      cover: '/files/1.svg',
      airDate: '2020-01-01',
      episodesWatched: 3,
      episodesTotal: 12,
      status: 'watched',
      rating: 8,
      review: 'CLANNAD的短评',
      tags: ['Key', '催泪'],
      createdAt: 1,
      updatedAt: 1,
      // An SVG nobody registered: no pipeline copies to offer.
      pictures: {},
    });
  });

  it.each([
    ['a Chinese title', '芙莉莲', ['葬送的芙莉莲']],
    ['an original title, case-insensitively', 'clannad', ['CLANNAD']],
    ['a tag', '音乐', ['轻音少女']],
    ['nothing', '不存在', []],
  ])('filters by %s', async (_, keyword, titles) => {
    expect((await list({ keyword })).map((b) => b.titleCn)).toEqual(titles);
  });
});
