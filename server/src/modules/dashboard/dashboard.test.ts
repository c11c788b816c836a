import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, insertEssays, insertMoments, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

describe('admin home figures, system info and the debug switch', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
    await insertEssays(t, [
      { content: '公开' },
      { content: '藏起来', hide: true },
      { content: '# 明天的随笔\n正文', reservation: t.clock.now + 86_400_000 },
      { content: '后天', reservation: t.clock.now + 2 * 86_400_000 },
    ]);
    await insertMoments(t, [
      { content: '一条', at: t.clock.now - 1000 },
      { content: '两条', at: t.clock.now - 2000 },
    ]);
    const [essayId] = await insertEssays(t, [{ content: '有评论' }]);
    for (const content of ['第一条', '第二条']) {
      await t.server.inject({
        method: 'POST',
        url: '/api/blog/comment',
        headers: asOwner,
        payload: { targetType: 'essay', targetId: essayId, content, guestName: '主人' },
      });
    }
  });
  afterAll(() => t.close());

  it('counts essays (hidden, reserved, next due), comments, moments, anime and waifu', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/system/dashboard', headers: asOwner });
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.essays).toMatchObject({ total: 5, hidden: 1, reserved: 2 });
    expect(data.essays.nextDue).toMatchObject({ title: '明天的随笔', reservation: t.clock.now + 86_400_000 });
    expect(data.comments).toEqual({ today: 2, week: 2, total: 2 });
    expect(data).toMatchObject({ moments: 2, anime: 0, waifu: 0 });
  });

  it('answers 4010 to a visitor', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/system/dashboard' });
    expect(res.json().code).toBe(ErrorCode.unauthorized);
  });

  it('reports database size, data directory usage and the log level', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/system', headers: asOwner });
    const info = res.json().data;
    expect(info.databaseSize).toBeGreaterThan(0);
    expect(info.dataDir.path).toBe(t.config.dataDir);
    expect(info.dataDir.diskTotal).toBeGreaterThan(0);
    expect(info.debugUntil).toBeNull();
  });

  it('turns debug logging on for a while and says until when', async () => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/system/debug',
      headers: asOwner,
      payload: { logLevel: 'debug', minutes: 15 },
    });
    expect(res.json().data).toEqual({ logLevel: 'debug', debugUntil: t.clock.now + 15 * 60_000 });
    const bad = await t.server.inject({
      method: 'POST',
      url: '/api/system/debug',
      headers: asOwner,
      payload: { logLevel: 'debug', minutes: 0 },
    });
    expect(bad.json().errors[0].property).toBe('minutes');
    const off = await t.server.inject({
      method: 'POST',
      url: '/api/system/debug',
      headers: asOwner,
      payload: { logLevel: 'info' },
    });
    expect(off.json().data).toEqual({ logLevel: 'info', debugUntil: null });
  });
});

describe('about page and moments (owner writes)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard, seed: true });
  });
  afterAll(() => t.close());

  it('replaces the about page and visitors read the new text at once', async () => {
    await t.server.inject({ method: 'GET', url: '/api/blog/article/1' });
    const res = await t.server.inject({
      method: 'PUT',
      url: '/api/blog/article/1',
      headers: asOwner,
      payload: { content: '# 关于我\n新的介绍' },
    });
    expect(res.json().data).toMatchObject({ id: 1, content: '# 关于我\n新的介绍' });
    const read = await t.server.inject({ method: 'GET', url: '/api/blog/article/1' });
    expect(read.json().data.content).toBe('# 关于我\n新的介绍');
    const missing = await t.server.inject({
      method: 'PUT',
      url: '/api/blog/article/2',
      headers: asOwner,
      payload: { content: 'x' },
    });
    expect(missing.statusCode).toBe(404);
    const empty = await t.server.inject({
      method: 'PUT',
      url: '/api/blog/article/1',
      headers: asOwner,
      payload: { content: '  ' },
    });
    expect(empty.json().errors[0].property).toBe('content');
  });

  it('writes, edits and deletes a moment; the feed and statistics follow', async () => {
    const stats = async () =>
      (
        await t.server.inject({ method: 'GET', url: '/api/blog/moments/week-report', headers: asOwner })
      ).json().data.thisWeek.count as number;
    const before = await stats();
    const created = await t.server.inject({
      method: 'POST',
      url: '/api/blog/moment',
      headers: asOwner,
      payload: { content: '新动态', images: [{ url: '/files/images/2026/11/a.jpg', width: 4, height: 3 }] },
    });
    const moment = created.json().data;
    expect(moment).toMatchObject({ content: '新动态', images: [{ width: 4, height: 3 }] });
    expect(await stats()).toBe(before + 1);
    const feed = await t.server.inject({ method: 'GET', url: '/api/blog/moments', headers: asOwner });
    expect(feed.json().data.list[0].id).toBe(moment.id);

    const edited = await t.server.inject({
      method: 'PUT',
      url: `/api/blog/moment/${moment.id}`,
      headers: asOwner,
      payload: { content: '改过的动态', images: [] },
    });
    expect(edited.json().data).toMatchObject({ content: '改过的动态', images: [] });
    const deleted = await t.server.inject({
      method: 'DELETE',
      url: `/api/blog/moment/${moment.id}`,
      headers: asOwner,
    });
    expect(deleted.json().data).toEqual({ id: moment.id });
    expect(await stats()).toBe(before);
  });

  it.each([
    ['content', { content: '', images: [] }],
    ['images.0.url', { content: 'x', images: [{ url: 'javascript:alert(1)', width: 1, height: 1 }] }],
    [
      'images',
      {
        content: 'x',
        images: Array.from({ length: 10 }, () => ({ url: '/files/a.png', width: 1, height: 1 })),
      },
    ],
  ])('refuses a bad %s with 4000', async (property, payload) => {
    const res = await t.server.inject({ method: 'POST', url: '/api/blog/moment', headers: asOwner, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { property: string }) => e.property)).toContain(property);
  });

  it.each([
    ['POST', '/blog/moment'],
    ['PUT', '/blog/moment/1'],
    ['DELETE', '/blog/moment/1'],
    ['PUT', '/blog/article/1'],
  ] as const)('answers 4010 to a visitor for %s %s', async (method, url) => {
    const res = await t.server.inject({
      method,
      url: `/api${url}`,
      payload: method === 'DELETE' ? undefined : { content: 'x' },
    });
    expect(res.statusCode).toBe(401);
  });
});
