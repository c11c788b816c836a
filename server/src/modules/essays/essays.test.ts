import { ErrorCode } from '@candy/contract';
import type { Essay } from '@candy/contract/calls/essays';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, insertEssays, queryString, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

const HOUR = 3_600_000;

describe('essays', () => {
  let t: TestApp;
  let ids: number[];
  let hiddenId: number;
  let reservedId: number;
  let reservation: number;

  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
    // 23 public essays; a few carry words the search tests look for.
    const contents = Array.from({ length: 23 }, (_, i) => `第 ${i + 1} 篇随笔，记一些日常。`);
    contents[2] = '今天在糖果罐里找到了一颗柠檬糖。';
    contents[7] = '春天来了，樱花开了。';
    contents[12] = '又一个春天，去公园看花。糖果罐很满。';
    contents[15] = 'TypeScript 的类型体操，100% 适可而止。';
    contents[18] = '雨';
    ids = await insertEssays(
      t,
      contents.map((content) => ({ content })),
    );
    reservation = t.clock.now + 2 * HOUR;
    [hiddenId, reservedId] = (await insertEssays(t, [
      { content: '隐藏的草稿：春天的秘密。', hide: true },
      { content: '定时发布：春天的预告。', reservation },
    ])) as [number, number];
  });
  afterAll(() => t.close());

  const list = async (query: Record<string, string | number> = {}, headers: Record<string, string> = {}) => {
    const qs = queryString(query);
    const res = await t.server.inject({ method: 'GET', url: `/api/blog/essay?${qs}`, headers });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.code).toBe(0);
    return body.data as { list: Essay[]; hasMore: boolean };
  };
  const idsOf = (page: { list: Essay[] }) => page.list.map((e) => e.id);

  describe('paging', () => {
    it('answers the newest 10 first, with hasMore', async () => {
      const page = await list();
      expect(idsOf(page)).toEqual(ids.slice(-10).reverse());
      expect(page.hasMore).toBe(true);
    });

    it('continues below the start cursor without overlap, and ends with hasMore false', async () => {
      const second = await list({ start: ids[13] as number });
      expect(idsOf(second)).toEqual(ids.slice(3, 13).reverse());
      expect(second.hasMore).toBe(true);
      const last = await list({ start: ids[3] as number });
      expect(idsOf(last)).toEqual(ids.slice(0, 3).reverse());
      expect(last.hasMore).toBe(false);
    });

    it('answers camelCase fields with booleans and ms times', async () => {
      const [essay] = (await list({ keyword: `#${ids[0]}` })).list;
      expect(essay).toEqual({
        id: ids[0],
        content: '第 1 篇随笔，记一些日常。',
        hide: false,
        reservation: null,
        createdAt: t.clock.now,
        updatedAt: t.clock.now,
        // No pictures of ours in it (issue 30).
        pictures: {},
      });
    });

    it.each([
      ['start', { start: 'abc' }],
      ['start', { start: 0 }],
      ['keyword', { keyword: 'x'.repeat(101) }],
    ])('refuses a bad %s with 4000', async (property, query) => {
      const qs = queryString(query);
      const res = await t.server.inject({ method: 'GET', url: `/api/blog/essay?${qs}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: ErrorCode.validation, errors: [{ property }] });
    });
  });

  describe('search', () => {
    it.each([
      ['a 3-character Chinese keyword', '糖果罐', [12, 2]],
      ['a 2-character Chinese keyword', '春天', [12, 7]],
      ['a 1-character keyword', '雨', [18]],
      ['several terms, all required', '春天 糖果罐', [12]],
      ['an English keyword, case-insensitively', 'typescript', [15]],
      ['LIKE wildcards as plain text', '100%', [15]],
    ])('finds essays by %s', async (_, keyword, indexes) => {
      const page = await list({ keyword });
      expect(idsOf(page)).toEqual(indexes.map((i) => ids[i]));
      expect(page.hasMore).toBe(false);
    });

    it('finds nothing for a keyword that occurs nowhere', async () => {
      expect((await list({ keyword: '不存在的词' })).list).toEqual([]);
      expect((await list({ keyword: '_' })).list).toEqual([]);
    });

    it('pages through search results with the cursor', async () => {
      const first = await list({ keyword: '随笔' });
      expect(first.list).toHaveLength(10);
      expect(first.hasMore).toBe(true);
      const rest = await list({ keyword: '随笔', start: first.list.at(-1)?.id as number });
      expect(rest.list.every((e) => e.content.includes('随笔'))).toBe(true);
      expect(first.list.length + rest.list.length).toBe(18);
      expect(rest.hasMore).toBe(false);
    });

    it('treats a blank keyword as no filter', async () => {
      expect(idsOf(await list({ keyword: '   ' }))).toEqual(ids.slice(-10).reverse());
    });

    it('follows content edits and deletions (the index is kept in step)', async () => {
      const [id] = await insertEssays(t, [{ content: '临时的蜂蜜柚子茶' }]);
      expect(idsOf(await list({ keyword: '蜂蜜柚子' }))).toEqual([id]);
      await t.database.db
        .updateTable('essay')
        .set({ content: '改成了乌龙茶' })
        .where('id', '=', id as number)
        .execute();
      t.publicCache.invalidate('essay');
      expect(idsOf(await list({ keyword: '蜂蜜柚子' }))).toEqual([]);
      expect(idsOf(await list({ keyword: '乌龙茶' }))).toEqual([id]);
      await t.database.db
        .deleteFrom('essay')
        .where('id', '=', id as number)
        .execute();
      t.publicCache.invalidate('essay');
      expect(idsOf(await list({ keyword: '乌龙茶' }))).toEqual([]);
    });
  });

  describe('#id', () => {
    it('fetches that essay directly as a one-item list', async () => {
      const page = await list({ keyword: `#${ids[5]}` });
      expect(idsOf(page)).toEqual([ids[5]]);
      expect(page.hasMore).toBe(false);
    });

    it('answers an empty list for an unknown id', async () => {
      expect(await list({ keyword: '#999999' })).toEqual({ list: [], hasMore: false });
    });
  });

  describe('visibility', () => {
    it('hides hidden and reserved essays from visitors everywhere', async () => {
      expect(idsOf(await list())).not.toContain(hiddenId);
      expect(idsOf(await list())).not.toContain(reservedId);
      expect(idsOf(await list({ keyword: '春天' }))).toEqual([ids[12], ids[7]]);
      expect((await list({ keyword: `#${hiddenId}` })).list).toEqual([]);
      expect((await list({ keyword: `#${reservedId}` })).list).toEqual([]);
      for (const id of [hiddenId, reservedId]) {
        const res = await t.server.inject({ method: 'GET', url: `/api/blog/essay/${id}` });
        expect(res.statusCode).toBe(404);
        expect(res.json().code).toBe(ErrorCode.notFound);
      }
    });

    it('shows the owner hidden and reserved essays too', async () => {
      expect(idsOf(await list({}, asOwner)).slice(0, 2)).toEqual([reservedId, hiddenId]);
      expect(idsOf(await list({ keyword: '春天' }, asOwner))).toEqual([
        reservedId,
        hiddenId,
        ids[12],
        ids[7],
      ]);
      const res = await t.server.inject({
        method: 'GET',
        url: `/api/blog/essay/${hiddenId}`,
        headers: asOwner,
      });
      expect(res.json().data).toMatchObject({ id: hiddenId, hide: true });
    });

    it('treats a wrong owner key as a visitor', async () => {
      expect(idsOf(await list({}, { 'x-fingerprint': 'wrong' }))).not.toContain(hiddenId);
    });

    it('never serves the cached owner view to a visitor', async () => {
      t.publicCache.invalidate('essay');
      const owner = await t.server.inject({ method: 'GET', url: '/api/blog/essay', headers: asOwner });
      const visitor = await t.server.inject({
        method: 'GET',
        url: '/api/blog/essay',
        headers: { 'if-none-match': String(owner.headers.etag) },
      });
      expect(visitor.statusCode).toBe(200);
      expect(visitor.body).not.toContain('隐藏的草稿');
      expect(visitor.headers.etag).not.toBe(owner.headers.etag);
    });

    it('publishes a reserved essay to visitors when its time comes, cache or not', async () => {
      t.clock.advance(reservation - t.clock.now - 1);
      expect(idsOf(await list())).not.toContain(reservedId);
      t.clock.advance(1);
      expect(idsOf(await list())[0]).toBe(reservedId);
      const res = await t.server.inject({ method: 'GET', url: `/api/blog/essay/${reservedId}` });
      expect(res.json().data).toMatchObject({ id: reservedId, reservation });
    });
  });

  describe('detail', () => {
    it('answers one essay by id', async () => {
      const res = await t.server.inject({ method: 'GET', url: `/api/blog/essay/${ids[2]}` });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: ids[2], content: '今天在糖果罐里找到了一颗柠檬糖。' });
    });

    it('answers 4040 for an unknown id and 4000 for a malformed one', async () => {
      const missing = await t.server.inject({ method: 'GET', url: '/api/blog/essay/999999' });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe(ErrorCode.notFound);
      const bad = await t.server.inject({ method: 'GET', url: '/api/blog/essay/abc' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().errors[0].property).toBe('id');
    });
  });

  describe('service reads for other modules', () => {
    it('isVisible follows the same rules as the API', async () => {
      const { essays } = t.modules;
      expect(await essays.isVisible(ids[0] as number, false)).toBe(true);
      expect(await essays.isVisible(hiddenId, false)).toBe(false);
      expect(await essays.isVisible(hiddenId, true)).toBe(true);
      expect(await essays.isVisible(999_999, true)).toBe(false);
    });

    it('listForSnapshot answers every essay a visitor may read, newest first', async () => {
      const snapshot = await t.modules.essays.listForSnapshot();
      expect(snapshot.map((e) => e.id)).not.toContain(hiddenId);
      const sorted = [...snapshot].sort((a, b) => b.id - a.id);
      expect(snapshot).toEqual(sorted);
      expect(snapshot.length).toBeGreaterThanOrEqual(ids.length);
    });
  });
});
