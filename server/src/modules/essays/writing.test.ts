import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, insertEssays, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createReplica, createTestApp, type TestApp } from '../../../test/harness.ts';
import { proofFor } from '../comments/testKit.ts';

const HOUR = 3_600_000;

describe('writing essays (owner)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object, owner = true) =>
    t.server.inject({ method, url: `/api${url}`, payload, headers: owner ? asOwner : {} });
  const visitorSees = async (id: number) =>
    (await t.server.inject({ method: 'GET', url: `/api/blog/essay?keyword=%23${id}` })).json().data.list
      .length === 1;

  it('creates an essay that visitors see at once, and edits it', async () => {
    // A visitor's cached list must not hide the new essay.
    await t.server.inject({ method: 'GET', url: '/api/blog/essay' });
    const created = await send('POST', '/blog/essay', { content: '# 你好\n\n第一篇', hide: false });
    expect(created.statusCode).toBe(200);
    const essay = created.json().data;
    expect(essay).toMatchObject({ content: '# 你好\n\n第一篇', hide: false, reservation: null });
    const list = await t.server.inject({ method: 'GET', url: '/api/blog/essay' });
    expect(list.json().data.list[0].id).toBe(essay.id);

    const edited = await send('PUT', `/blog/essay/${essay.id}`, { content: '改过了' });
    expect(edited.json().data).toMatchObject({ id: essay.id, content: '改过了', hide: false });
    const search = await t.server.inject({ method: 'GET', url: '/api/blog/essay?keyword=改过了' });
    expect(search.json().data.list.map((e: { id: number }) => e.id)).toEqual([essay.id]);
  });

  it('hides an essay from visitors (4040 for its id) and shows it again', async () => {
    const { id } = (await send('POST', '/blog/essay', { content: '会被藏起来' })).json().data;
    expect(await visitorSees(id)).toBe(true);
    await send('PUT', `/blog/essay/${id}`, { hide: true });
    expect(await visitorSees(id)).toBe(false);
    const detail = await t.server.inject({ method: 'GET', url: `/api/blog/essay/${id}` });
    expect(detail.statusCode).toBe(404);
    expect(detail.json().code).toBe(ErrorCode.notFound);
    await send('PUT', `/blog/essay/${id}`, { hide: false });
    expect(await visitorSees(id)).toBe(true);
  });

  it('deletes an essay with its comments', async () => {
    const { id } = (await send('POST', '/blog/essay', { content: '将被删除' })).json().data;
    const comment = await t.server.inject({
      method: 'POST',
      url: '/api/blog/comment',
      headers: { 'x-uuid': 'visitor-1' },
      payload: {
        targetType: 'essay',
        targetId: id,
        content: '沙发',
        guestName: '路人',
        proof: await proofFor(t, '127.0.0.1'),
      },
    });
    expect(comment.statusCode).toBe(200);
    const deleted = await send('DELETE', `/blog/essay/${id}`);
    expect(deleted.json()).toEqual({ code: 0, data: { id } });
    expect(await visitorSees(id)).toBe(false);
    const rows = await t.database.db
      .selectFrom('comment')
      .select('id')
      .where('target_type', '=', 'essay')
      .where('target_id', '=', id)
      .execute();
    expect(rows).toEqual([]);
    expect((await send('DELETE', `/blog/essay/${id}`)).statusCode).toBe(404);
  });

  it('lists reserved essays soonest first and moves or clears a reservation', async () => {
    const later = t.clock.now + 5 * HOUR;
    const sooner = t.clock.now + 2 * HOUR;
    const a = (await send('POST', '/blog/essay', { content: '晚一点', reservation: later })).json().data;
    const b = (await send('POST', '/blog/essay', { content: '早一点', reservation: sooner })).json().data;
    const reserved = (await send('GET', '/blog/reservation/essay')).json().data as { id: number }[];
    expect(reserved.map((e) => e.id)).toEqual([b.id, a.id]);
    expect(await visitorSees(a.id)).toBe(false);

    const moved = await send('PUT', `/blog/reservation/essay/${a.id}`, { reservation: t.clock.now + HOUR });
    expect(moved.json().data.reservation).toBe(t.clock.now + HOUR);
    expect(((await send('GET', '/blog/reservation/essay')).json().data as { id: number }[])[0]?.id).toBe(
      a.id,
    );

    const cleared = await send('PUT', `/blog/reservation/essay/${b.id}`, { reservation: null });
    expect(cleared.json().data.reservation).toBeNull();
    expect(await visitorSees(b.id)).toBe(true);
  });

  it.each([
    ['content', { content: '   ' }],
    ['content', { content: 'x'.repeat(100_001) }],
    ['hide', { content: 'ok', hide: 'yes' }],
    ['reservation', { content: 'ok', reservation: 'tomorrow' }],
    ['reservation', { content: 'ok', reservation: 1 }],
    ['extra', { content: 'ok', extra: 1 }],
  ])('refuses a bad %s with 4000', async (property, payload) => {
    const res = await send('POST', '/blog/essay', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe(ErrorCode.validation);
    expect(body.errors.map((e: { property: string }) => e.property).join(',')).toMatch(
      property === 'extra' ? /body|extra/ : new RegExp(property),
    );
  });

  it('refuses a reservation in the past, naming the field', async () => {
    const res = await send('POST', '/blog/essay', { content: 'ok', reservation: t.clock.now - 1000 });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].property).toBe('reservation');
  });

  it.each([
    ['POST', '/blog/essay'],
    ['PUT', '/blog/essay/1'],
    ['DELETE', '/blog/essay/1'],
    ['GET', '/blog/reservation/essay'],
    ['PUT', '/blog/reservation/essay/1'],
    ['GET', '/blog/comment/recent'],
  ] as const)('answers 4010 to a visitor for %s %s', async (method, url) => {
    const res = await send(
      method,
      url,
      method === 'GET' || method === 'DELETE' ? undefined : { content: 'x' },
      false,
    );
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(ErrorCode.unauthorized);
  });

  it('answers 4040 for editing a missing essay and 4000 for a bad id', async () => {
    expect((await send('PUT', '/blog/essay/999999', { content: 'x' })).statusCode).toBe(404);
    expect((await send('PUT', '/blog/essay/abc', { content: 'x' })).statusCode).toBe(400);
  });
});

describe('scheduled publishing', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
  });
  afterAll(() => t.close());

  const reserve = async (content: string, at: number) =>
    (
      await t.server.inject({
        method: 'POST',
        url: '/api/blog/essay',
        headers: asOwner,
        payload: { content, reservation: at },
      })
    ).json().data.id as number;
  const visible = async (id: number) =>
    (await t.server.inject({ method: 'GET', url: `/api/blog/essay/${id}` })).statusCode === 200;
  const announcements = async (id: number) =>
    (
      await t.database.db
        .selectFrom('audit_log')
        .select('id')
        .where('method', '=', 'PUBLISH')
        .where('path', '=', `/blog/essay/${id}`)
        .execute()
    ).length;

  it('keeps a reserved essay from visitors until its second, then publishes it once', async () => {
    const id = await reserve('三秒后见', t.clock.now + 3000);
    expect(await visible(id)).toBe(false);
    expect((await t.modules.reservations.publishDue()).published).toEqual([]);
    t.clock.advance(2999);
    expect(await visible(id)).toBe(false);
    t.clock.advance(1);
    expect(await visible(id)).toBe(true);
    expect((await t.modules.reservations.publishDue()).published).toEqual([id]);
    expect((await t.modules.reservations.publishDue()).published).toEqual([]);
    expect(await announcements(id)).toBe(1);
  });

  it('catches up on start with what came due while the server was down, once', async () => {
    const id = await reserve('停机时到期', t.clock.now + 60_000);
    // The server is down while the time passes; a fresh process starts afterwards.
    t.clock.advance(120_000);
    const restarted = await createReplica(t, { ownerGuard: testOwnerGuard });
    await restarted.modules.reservations.start();
    restarted.modules.reservations.stop();
    await restarted.close();
    expect(await announcements(id)).toBe(1);
    expect((await t.modules.reservations.publishDue()).published).toEqual([]);
  });

  it('two replicas publishing at the same moment announce it once', async () => {
    const id = await reserve('两个实例', t.clock.now + 1000);
    t.clock.advance(1000);
    const replica = await createReplica(t, { ownerGuard: testOwnerGuard });
    const results = await Promise.all([
      t.modules.reservations.publishDue(),
      replica.modules.reservations.publishDue(),
      t.modules.reservations.publishDue(),
      replica.modules.reservations.publishDue(),
    ]);
    await replica.close();
    expect(results.flatMap((r) => r.published)).toEqual([id]);
    expect(await announcements(id)).toBe(1);
  });

  it('dates a reserved essay by its publish time, not by when it was written', async () => {
    const written = t.clock.now;
    const id = await reserve('写于今天，明天发表', written + HOUR);
    const owner = { headers: asOwner };
    const dateOf = async () =>
      (await t.server.inject({ method: 'GET', url: `/api/blog/essay/${id}`, ...owner })).json().data
        .createdAt as number;
    expect(await dateOf()).toBe(written + HOUR);
    // Moved: the date moves with it.
    await t.server.inject({
      method: 'PUT',
      url: `/api/blog/reservation/essay/${id}`,
      ...owner,
      payload: { reservation: written + 2 * HOUR },
    });
    expect(await dateOf()).toBe(written + 2 * HOUR);
    t.clock.advance(2 * HOUR);
    expect((await t.modules.reservations.publishDue()).published).toEqual([id]);
    const published = await t.server.inject({ method: 'GET', url: `/api/blog/essay/${id}` });
    expect(published.json().data.createdAt).toBe(written + 2 * HOUR);
  });

  it('dates an essay published early (reservation cleared) by the moment it went out', async () => {
    const id = await reserve('提前发表', t.clock.now + HOUR);
    t.clock.advance(60_000);
    const cleared = await t.server.inject({
      method: 'PUT',
      url: `/api/blog/reservation/essay/${id}`,
      headers: asOwner,
      payload: { reservation: null },
    });
    expect(cleared.json().data.createdAt).toBe(t.clock.now);
  });

  it('the publication dates an essay reserved before dates followed reservations', async () => {
    const [id] = await insertEssays(t, [{ content: '旧数据', reservation: t.clock.now + 1000, at: 5 }]);
    t.clock.advance(1000);
    expect((await t.modules.reservations.publishDue()).published).toEqual([id]);
    const row = await t.database.db
      .selectFrom('essay')
      .select('created_at')
      .where('id', '=', id ?? 0)
      .executeTakeFirstOrThrow();
    expect(Number(row.created_at)).toBe(t.clock.now);
  });

  it('a moved reservation is announced again when it next comes due', async () => {
    const id = await reserve('改期', t.clock.now + 1000);
    await t.server.inject({
      method: 'PUT',
      url: `/api/blog/reservation/essay/${id}`,
      headers: asOwner,
      payload: { reservation: t.clock.now + 5000 },
    });
    t.clock.advance(1000);
    expect((await t.modules.reservations.publishDue()).published).toEqual([]);
    t.clock.advance(4000);
    expect((await t.modules.reservations.publishDue()).published).toEqual([id]);
  });
});
