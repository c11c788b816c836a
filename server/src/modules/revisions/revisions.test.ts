import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

const DAY = 86_400_000;

describe('revisions and drafts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard, now: Date.UTC(2025, 0, 1, 9) });
    await t.database.db
      .insertInto('article')
      .values({ id: 1, content: '# 关于', updated_at: t.clock.now })
      .execute();
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object, owner = true) =>
    t.server.inject({ method, url: `/api${url}`, payload, headers: owner ? asOwner : {} });
  const revisionsOf = async (target: string, id: number) =>
    (await send('GET', `/blog/revisions/${target}/${id}`)).json().data as {
      id: number;
      author: string;
      length: number;
      createdAt: number;
    }[];

  it('keeps a revision of every save of an essay, newest first, by the owner', async () => {
    const { id } = (await send('POST', '/blog/essay', { content: '第一版' })).json().data;
    t.clock.advance(1000);
    await send('PUT', `/blog/essay/${id}`, { content: '第二版，长一点' });
    t.clock.advance(1000);
    // Hiding changes no text: no new version.
    await send('PUT', `/blog/essay/${id}`, { hide: true });
    const list = await revisionsOf('essay', id);
    expect(list.map((r) => [r.author, r.length])).toEqual([
      ['owner', 7],
      ['owner', 3],
    ]);
    const detail = (await send('GET', `/blog/revision/${list[1]?.id}`)).json().data;
    expect(detail).toMatchObject({ target: 'essay', targetId: id, content: '第一版' });
  });

  it('keeps a revision of every save of the about page', async () => {
    await send('PUT', '/blog/article/1', { content: '# 关于\n\n新的自我介绍' });
    const list = await revisionsOf('article', 1);
    expect(list).toHaveLength(1);
    expect((await send('GET', `/blog/revision/${list[0]?.id}`)).json().data.content).toBe(
      '# 关于\n\n新的自我介绍',
    );
  });

  it('restores a version: the content comes back and the restore is a revision itself', async () => {
    const { id } = (await send('POST', '/blog/essay', { content: '原稿' })).json().data;
    t.clock.advance(1000);
    await send('PUT', `/blog/essay/${id}`, { content: '改坏了' });
    const original = (await revisionsOf('essay', id)).at(-1);
    t.clock.advance(1000);
    const restored = await send('POST', `/blog/revision/${original?.id}/restore`);
    expect(restored.json().data).toMatchObject({ target: 'essay', targetId: id, content: '原稿' });
    // Visitors see the restored text at once (the public cache was dropped).
    expect((await t.server.inject({ method: 'GET', url: `/api/blog/essay/${id}` })).json().data.content).toBe(
      '原稿',
    );
    expect((await revisionsOf('essay', id)).map((r) => r.length)).toEqual([2, 3, 2]);
  });

  it('keeps one draft per essay, replaced by the next autosave and dropped by a save', async () => {
    const { id } = (await send('POST', '/blog/essay', { content: '已保存' })).json().data;
    expect((await send('GET', `/blog/draft/essay/${id}`)).json()).toEqual({ code: 0, data: null });
    await send('PUT', `/blog/draft/essay/${id}`, { content: '草稿一' });
    t.clock.advance(3000);
    const second = await send('PUT', `/blog/draft/essay/${id}`, { content: '草稿二', hide: true });
    expect(second.json().data).toEqual({
      target: 'essay',
      targetId: id,
      content: '草稿二',
      hide: true,
      reservation: null,
      updatedAt: t.clock.now,
    });
    expect((await send('GET', `/blog/draft/essay/${id}`)).json().data.content).toBe('草稿二');
    expect(
      await t.database.db.selectFrom('draft').selectAll().where('target_id', '=', id).execute(),
    ).toHaveLength(1);
    await send('PUT', `/blog/essay/${id}`, { content: '草稿二' });
    expect((await send('GET', `/blog/draft/essay/${id}`)).json().data).toBeNull();
  });

  it("keeps the new essay's draft under id 0 until the essay is created", async () => {
    await send('PUT', '/blog/draft/essay/0', { content: '还没发表的' });
    expect((await send('GET', '/blog/draft/essay/0')).json().data.content).toBe('还没发表的');
    await send('POST', '/blog/essay', { content: '还没发表的' });
    expect((await send('GET', '/blog/draft/essay/0')).json().data).toBeNull();
  });

  it('deletes a draft on request', async () => {
    await send('PUT', '/blog/draft/article/1', { content: '关于页草稿' });
    expect((await send('DELETE', '/blog/draft/article/1')).json().data).toEqual({ deleted: true });
    expect((await send('DELETE', '/blog/draft/article/1')).json().data).toEqual({ deleted: false });
  });

  it('forgets the revisions and draft of a deleted essay', async () => {
    const { id } = (await send('POST', '/blog/essay', { content: '会被删掉' })).json().data;
    await send('PUT', `/blog/draft/essay/${id}`, { content: '会被删掉的草稿' });
    await send('DELETE', `/blog/essay/${id}`);
    expect(await revisionsOf('essay', id)).toEqual([]);
    expect((await send('GET', `/blog/draft/essay/${id}`)).json().data).toBeNull();
  });

  it.each([
    ['target', 'PUT', '/blog/draft/moment/1', { content: 'x' }],
    ['targetId', 'PUT', '/blog/draft/essay/-1', { content: 'x' }],
    ['content', 'PUT', '/blog/draft/essay/0', { content: 'x'.repeat(100_001) }],
    ['reservation', 'PUT', '/blog/draft/essay/0', { content: 'x', reservation: 'soon' }],
    ['extra', 'PUT', '/blog/draft/essay/0', { content: 'x', extra: 1 }],
    ['id', 'GET', '/blog/revision/abc', undefined],
  ] as const)('refuses a bad %s with 4000', async (_, method, url, payload) => {
    const res = await send(method, url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe(ErrorCode.validation);
  });

  it('answers 4040 for a missing revision', async () => {
    const res = await send('POST', '/blog/revision/999999/restore');
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe(ErrorCode.notFound);
  });

  it.each([
    ['GET', '/blog/revisions/essay/1'],
    ['GET', '/blog/revision/1'],
    ['POST', '/blog/revision/1/restore'],
    ['GET', '/blog/draft/essay/1'],
    ['PUT', '/blog/draft/essay/1'],
    ['DELETE', '/blog/draft/essay/1'],
  ] as const)('refuses %s %s to visitors with 4010', async (method, url) => {
    const res = await send(method, url, { content: 'x' }, false);
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.unauthorized);
  });

  it('prunes by the rule in the scheduled job: all of 30 days, then the last of each day', async () => {
    const { id } = (await send('POST', '/blog/essay', { content: 'v0' })).json().data;
    // Two saves on each of three days, then 40 days later two more.
    for (let day = 0; day < 3; day += 1) {
      t.clock.advance(DAY);
      await send('PUT', `/blog/essay/${id}`, { content: `v${day}a` });
      t.clock.advance(60_000);
      await send('PUT', `/blog/essay/${id}`, { content: `v${day}b` });
    }
    t.clock.advance(40 * DAY);
    await send('PUT', `/blog/essay/${id}`, { content: 'recent 1' });
    t.clock.advance(60_000);
    await send('PUT', `/blog/essay/${id}`, { content: 'recent 2' });
    expect(await revisionsOf('essay', id)).toHaveLength(9);

    const run = await send('POST', '/job/fire/prune-revisions');
    expect(run.statusCode).toBe(200);
    // Firing answers once the run has started (CI once read the list before it ended).
    await t.modules.scheduler.idle();
    const kept = await Promise.all(
      (await revisionsOf('essay', id)).map(
        async (r) => (await send('GET', `/blog/revision/${r.id}`)).json().data.content as string,
      ),
    );
    expect(kept).toEqual(['recent 2', 'recent 1', 'v2b', 'v1b', 'v0b', 'v0']);
  });
});
