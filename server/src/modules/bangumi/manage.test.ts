import fs from 'node:fs';
import path from 'node:path';
import { ErrorCode } from '@candy/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { type FakeBangumiUpstream, startFakeBangumi } from '../../../test/fakes/bangumiUpstream.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe('anime management with Bangumi', () => {
  let fake: FakeBangumiUpstream;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeBangumi();
    t = await createTestApp({
      ownerGuard: testOwnerGuard,
      env: { BANGUMI_API_BASE: fake.base, OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1' },
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  afterEach(() => {
    fake.mode = 'ok';
    // Past the provider's cache, so each test sees the upstream.
    t.clock.advance(11 * 60_000);
  });

  const inject = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object, owner = true) =>
    t.server.inject({
      method,
      url: `/api${url}`,
      headers: owner ? asOwner : {},
      ...(payload ? { payload } : {}),
    });

  it.each([
    ['GET', '/api/bangumi/bySubjectId?subjectId=253'],
    ['GET', '/api/bangumi/byKeyword?keyword=a'],
    ['GET', '/api/bangumi/byAirDate?airDate=2023-09'],
    ['POST', '/blog/bangumi'],
    ['PUT', '/blog/bangumi/1'],
    ['DELETE', '/blog/bangumi/1'],
  ] as const)('%s %s refuses visitors with 4010', async (method, url) => {
    const res = await inject(
      method,
      url,
      method === 'POST' || method === 'PUT' ? { title: 'x' } : undefined,
      false,
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.unauthorized);
  });

  it('looks a subject up by id, with a descriptive User-Agent, and caches the answer', async () => {
    const first = await inject('GET', '/api/bangumi/bySubjectId?subjectId=253');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({
      subjectId: 253,
      title: 'カウボーイビバップ',
      titleCn: '星际牛仔',
      cover: `${fake.base}/pic/cover/l/253.jpg`,
      airDate: '1998-10-23',
      episodes: 26,
      summary: '2071 年，赏金猎人们的故事。',
      tags: ['科幻', '经典'],
      rating: 9.1,
    });
    const asked = fake.requests.filter((r) => r.url === '/v0/subjects/253');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.userAgent).toMatch(/^candy-jar\/.+\(.+\)$/);
    await inject('GET', '/api/bangumi/bySubjectId?subjectId=253');
    expect(fake.requests.filter((r) => r.url === '/v0/subjects/253')).toHaveLength(1);
  });

  it('answers 4040 for a subject Bangumi does not have', async () => {
    const res = await inject('GET', '/api/bangumi/bySubjectId?subjectId=9999');
    expect(res.json().code).toBe(ErrorCode.notFound);
  });

  it('searches by keyword (legacy search) and by air month (v0 search), paged', async () => {
    const byKeyword = (
      await inject('GET', `/api/bangumi/byKeyword?keyword=${encodeURIComponent('芙莉莲')}`)
    ).json();
    expect(byKeyword.data.total).toBe(1);
    expect(byKeyword.data.list[0]).toMatchObject({
      subjectId: 400602,
      titleCn: '葬送的芙莉莲',
      episodes: 28,
    });
    const none = (
      await inject('GET', `/api/bangumi/byKeyword?keyword=${encodeURIComponent('不存在')}`)
    ).json();
    expect(none.data).toEqual({ total: 0, list: [] });
    const byMonth = (await inject('GET', '/api/bangumi/byAirDate?airDate=2023-09&page=1')).json();
    expect(byMonth.data.list.map((s: { subjectId: number }) => s.subjectId)).toEqual([400602]);
    const post = fake.requests.find((r) => r.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}').filter).toMatchObject({
      type: [2],
      air_date: ['>=2023-09-01', '<2023-10-01'],
    });
  });

  it.each(['http500', 'garbage'] as const)(
    'answers 5030 with a clear message when upstream fails (%s)',
    async (mode) => {
      fake.mode = mode;
      const res = await inject('GET', '/api/bangumi/byKeyword?keyword=x');
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({
        code: ErrorCode.providerFailed,
        errorMsg: expect.stringContaining('Bangumi'),
      });
    },
  );

  it('answers 5030 when upstream is unreachable', async () => {
    const down = await createTestApp({
      ownerGuard: testOwnerGuard,
      env: { BANGUMI_API_BASE: 'http://127.0.0.1:9' },
    });
    try {
      const res = await down.server.inject({
        method: 'GET',
        url: '/api/api/bangumi/byKeyword?keyword=x',
        headers: asOwner,
      });
      expect(res.json().code).toBe(ErrorCode.providerFailed);
    } finally {
      await down.close();
    }
  });

  it('adds a subject with its cover copied into our storage, refuses it twice (4090), edits and deletes', async () => {
    const subject = (await inject('GET', '/api/bangumi/bySubjectId?subjectId=400602')).json().data;
    const created = await inject('POST', '/blog/bangumi', {
      subjectId: subject.subjectId,
      title: subject.title,
      titleCn: subject.titleCn,
      cover: subject.cover,
      airDate: subject.airDate,
      episodesTotal: subject.episodes,
      tags: subject.tags,
    });
    expect(created.statusCode).toBe(200);
    const entry = created.json().data;
    expect(entry).toMatchObject({ subjectId: 400602, status: 'wish', episodesWatched: 0, episodesTotal: 28 });
    expect(entry.cover).toMatch(/^\/files\/bangumi\/[\w-]+\.jpg$/);
    const file = await t.server.inject({ method: 'GET', url: entry.cover });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/jpeg');

    const again = await inject('POST', '/blog/bangumi', { subjectId: 400602, title: 'dup' });
    expect(again.json().code).toBe(ErrorCode.conflict);

    const updated = await inject('PUT', `/blog/bangumi/${entry.id}`, {
      episodesWatched: 1,
      rating: 9,
      status: 'watching',
      review: '好看',
      tags: ['奇幻'],
    });
    expect(updated.json().data).toMatchObject({
      episodesWatched: 1,
      rating: 9,
      status: 'watching',
      review: '好看',
    });
    const publicList = (await t.server.inject({ method: 'GET', url: '/api/blog/bangumi' })).json().data;
    expect(publicList[0]).toMatchObject({ id: entry.id, rating: 9, episodesWatched: 1, cover: entry.cover });

    expect((await inject('DELETE', `/blog/bangumi/${entry.id}`)).json().data).toEqual({ id: entry.id });
    expect((await t.server.inject({ method: 'GET', url: '/api/blog/bangumi' })).json().data).toEqual([]);
    const key = entry.cover.slice('/files/'.length);
    expect(fs.existsSync(path.join(t.config.dataDir, 'files', key))).toBe(false);
    expect((await inject('DELETE', `/blog/bangumi/${entry.id}`)).json().code).toBe(ErrorCode.notFound);
  });

  it('gives a copied cover its resized copies (issue 30): the list answers them, deleting removes them', async () => {
    const created = await inject('POST', '/blog/bangumi', {
      title: '孤独摇滚！',
      cover: `${fake.base}/pic/cover/l/328609.jpg`,
    });
    const entry = created.json().data as { id: number; cover: string };
    const key = entry.cover.slice('/files/'.length);
    // Made off the request by the image-variants job.
    for (let tries = 0; tries < 300; tries += 1) {
      if ((await t.modules.images.status()).pending === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await t.modules.scheduler.idle();
    const list = (await t.server.inject({ method: 'GET', url: '/api/blog/bangumi' })).json().data as {
      id: number;
      pictures?: Record<string, { width: number; height: number; base: string | null; widths: number[] }>;
    }[];
    const picture = list.find((item) => item.id === entry.id)?.pictures?.[entry.cover];
    // The fake's cover is 60×84: one copy, at its own width.
    expect(picture).toMatchObject({ width: 60, height: 84, widths: [60], fallback: 'jpg' });
    expect(picture?.base).toMatch(/^\/files\/images\/v\/[0-9a-f]{16}\/$/);
    const copy = await t.server.inject({ method: 'GET', url: `${picture?.base}60.avif` });
    expect(copy.statusCode).toBe(200);

    await inject('DELETE', `/blog/bangumi/${entry.id}`);
    expect(await t.modules.images.picturesOf([entry.cover])).toEqual({});
    expect(fs.existsSync(path.join(t.config.dataDir, 'files', key))).toBe(false);
    const gone = await t.server.inject({ method: 'GET', url: `${picture?.base}60.avif` });
    expect(gone.statusCode).toBe(404);
  });

  it.each([
    [{ title: '' }, 'title'],
    [{ title: 'x', rating: 11 }, 'rating'],
    [{ title: 'x', cover: 'javascript:alert(1)' }, 'cover'],
    [{ title: 'x', airDate: '2020/01/01' }, 'airDate'],
    [{ title: 'x', status: 'lost' }, 'status'],
  ])('refuses %j with 4000 on %s', async (payload, field) => {
    const res = await inject('POST', '/blog/bangumi', payload);
    expect(res.json().code).toBe(ErrorCode.validation);
    expect(res.json().errors.map((e: { property: string }) => e.property)).toContain(field);
  });
});
