import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { type As, commentClient, insertEssay, testOwnerGuard } from './testKit.ts';

describe('comments', () => {
  let t: TestApp;
  let c: ReturnType<typeof commentClient>;
  let essayId: number;
  let n = 0;
  /** A new visitor device for every call that does not care who it is. */
  const someone = (): As => ({ uuid: `visitor-${++n}` });

  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
    c = commentClient(t);
    await t.database.db.insertInto('article').values({ id: 1, content: 'about', updated_at: 0 }).execute();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    // Past the 10 s rule, so posting tests never trip over each other's rate limits.
    t.clock.advance(10_001);
    essayId = await insertEssay(t);
  });

  /** Every message of a 4000 answer's `errors[]`. */
  const messagesOf = (body: { errors: { constraints: Record<string, string> }[] }): string[] =>
    body.errors.flatMap((e) => Object.values(e.constraints));
  const chinese = /[\u4e00-\u9fff]/;

  const on = (content: string, extra: Record<string, unknown> = {}) => ({
    targetType: 'essay',
    targetId: essayId,
    content,
    ...extra,
  });
  const listOf = async (as: As = {}, extra: Record<string, number> = {}) =>
    (await c.list({ targetType: 'essay', targetId: essayId, ...extra }, as)).json().data;

  // Issue 41.10: the form offered 有回复时邮件通知我 on a site that cannot send mail.
  it('tells the comment form that replies cannot be mailed while no SMTP server is set up', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/blog/comment/push/key' });
    expect(res.json().data).toMatchObject({ mail: false, vapidPublicKey: expect.any(String) });
  });

  describe('posting', () => {
    it('stores a visitor comment and answers it without uuid, IP or email', async () => {
      const res = await c.post(on('写得真好', { guestName: '小明', guestEmail: 'ming@example.com' }), {
        uuid: 'device-a',
      });
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({
        name: '小明',
        content: '写得真好',
        isOwner: false,
        mine: true,
        deleted: false,
      });
      expect(Object.keys(data).sort()).toEqual(
        [
          'authorUrl',
          'avatarSeed',
          'avatarUrl',
          'content',
          'createdAt',
          'deleted',
          'held',
          'id',
          'isOwner',
          'mine',
          'name',
          'parentId',
          'replyToId',
          'replyToName',
          'source',
          'updatedAt',
        ].sort(),
      );
      const row = await t.database.db
        .selectFrom('comment')
        .selectAll()
        .where('id', '=', data.id)
        .executeTakeFirst();
      expect(row).toMatchObject({ uuid: 'device-a', guest_email: 'ming@example.com' });
    });

    it('refuses a visitor without X-Uuid with 4000', async () => {
      const res = await c.post(on('hello'));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].property).toBe('X-Uuid');
    });

    it.each([
      ['empty', ''],
      ['only whitespace', '  \n '],
      ['2001 characters', 'x'.repeat(2001)],
    ])('refuses %s content with 4000 naming content, in Chinese', async (_, content) => {
      const res = await c.post(on(content), someone());
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].property).toBe('content');
      for (const message of messagesOf(res.json())) expect(message).toMatch(chinese);
    });

    it.each([
      ['one character', '好'],
      ['2000 characters', '长'.repeat(2000)],
    ])('accepts %s', async (_, content) => {
      const res = await c.post(on(content), someone());
      expect(res.json().data.content).toBe(content);
    });

    it.each([
      ['a bad email', { guestEmail: 'not-an-email' }, 'guestEmail'],
      ['a 33-character name', { guestName: 'n'.repeat(33) }, 'guestName'],
      ['an unknown target type', { targetType: 'page' }, 'targetType'],
    ])('refuses %s with 4000', async (_, extra, property) => {
      const res = await c.post(on('hi there', extra), someone());
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].property).toBe(property);
    });

    it.each([
      ['a bad email', { guestEmail: 'not-an-email' }],
      ['a 33-character name', { guestName: 'n'.repeat(33) }],
      ['a blank name', { guestName: '   ' }],
    ])('tells a visitor about %s in Chinese (issue 23)', async (_, extra) => {
      const res = await c.post(on('hi there', extra), someone());
      expect(res.statusCode).toBe(400);
      const messages = messagesOf(res.json());
      expect(messages.length).toBeGreaterThan(0);
      for (const message of messages) expect(message).toMatch(chinese);
    });

    it('keeps markup exactly as written: the web escapes it', async () => {
      const content = '<img src=x onerror=alert(1)> & <b>bold</b>';
      const res = await c.post(on(content), someone());
      expect(res.json().data.content).toBe(content);
      expect((await listOf()).list[0].content).toBe(content);
    });

    it('accepts comments on the about page', async () => {
      const res = await c.post({ targetType: 'article', targetId: 1, content: '来踩踩' }, someone());
      expect(res.json().code).toBe(0);
    });

    it.each([
      ['a missing essay', { targetId: 999_999 }],
      ['a missing article', { targetType: 'article', targetId: 2 }],
    ])('answers 4040 for %s', async (_, extra) => {
      const res = await c.post(on('hello', extra), someone());
      expect(res.statusCode).toBe(404);
    });

    it.each([
      ['hidden', { hide: 1 }],
      ['reserved for later', { reservation: Number.MAX_SAFE_INTEGER }],
    ])('hides a %s essay from visitors but not from the owner', async (_, fields) => {
      const secret = await insertEssay(t, fields);
      const visitor = await c.post(on('hello', { targetId: secret }), someone());
      expect(visitor.statusCode).toBe(404);
      expect((await c.list({ targetType: 'essay', targetId: secret })).statusCode).toBe(404);
      const owner = await c.post(on('hello', { targetId: secret }), { owner: true });
      expect(owner.json().code).toBe(0);
    });

    it('marks the owner comment and does not need X-Uuid for it', async () => {
      const res = await c.post(on('谢谢来访', { guestName: '站长' }), { owner: true });
      expect(res.json().data).toMatchObject({ isOwner: true, mine: true, name: '站长' });
      expect((await listOf()).list[0].isOwner).toBe(true);
    });

    it('never returns the email, not even to the owner', async () => {
      await c.post(on('secret email inside', { guestEmail: 'hidden.person@example.com' }), someone());
      for (const as of [{}, { uuid: 'x' }, { owner: true }]) {
        const res = await c.list({ targetType: 'essay', targetId: essayId }, as);
        expect(res.body).not.toContain('hidden.person');
      }
    });

    it('draws the same avatar for the same email on any device, another for another email', async () => {
      const a = await c.post(on('one', { guestEmail: 'Same@Example.com' }), someone());
      const b = await c.post(on('two', { guestEmail: 'same@example.com' }), someone());
      const d = await c.post(on('three', { guestEmail: 'other@example.com' }), someone());
      expect(a.json().data.avatarSeed).toMatch(/^[0-9a-f]{16}$/);
      expect(b.json().data.avatarSeed).toBe(a.json().data.avatarSeed);
      expect(d.json().data.avatarSeed).not.toBe(a.json().data.avatarSeed);
    });
  });

  describe('listing', () => {
    it('pages top-level comments newest first on the start cursor', async () => {
      const ids: number[] = [];
      for (let i = 0; i < 12; i += 1) ids.push((await c.post(on(`comment ${i}`), someone())).json().data.id);
      const first = await listOf();
      expect(first.list.map((x: { id: number }) => x.id)).toEqual(ids.slice(2).reverse());
      expect(first).toMatchObject({ hasMore: true, total: 12 });
      const second = await listOf({}, { start: first.list.at(-1).id });
      expect(second.list.map((x: { id: number }) => x.id)).toEqual(ids.slice(0, 2).reverse());
      expect(second.hasMore).toBe(false);
    });

    it('hangs replies to a reply under the top-level comment, oldest first, naming whom they answer', async () => {
      const top = (await c.post(on('top'), someone())).json().data;
      const reply = (await c.post(on('reply', { parentId: top.id, guestName: '甲' }), someone())).json().data;
      const deeper = (await c.post(on('deeper', { parentId: reply.id }), someone())).json().data;
      expect(reply).toMatchObject({ parentId: top.id, replyToId: null });
      expect(deeper).toMatchObject({ parentId: top.id, replyToId: reply.id, replyToName: '甲' });
      const { list, total } = await listOf();
      expect(list).toHaveLength(1);
      expect(list[0].replies.map((r: { id: number }) => r.id)).toEqual([reply.id, deeper.id]);
      expect(list[0].replies[1].replyToName).toBe('甲');
      expect(total).toBe(3);
    });

    it('refuses a reply to a comment under another target with 4000', async () => {
      const other = await insertEssay(t);
      const top = (await c.post(on('elsewhere', { targetId: other }), someone())).json().data;
      const res = await c.post(on('reply', { parentId: top.id }), someone());
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].property).toBe('parentId');
    });

    it('answers 4040 for a reply to a missing comment', async () => {
      const res = await c.post(on('reply', { parentId: 999_999 }), someone());
      expect(res.statusCode).toBe(404);
    });

    it('tells each caller which comments are its own', async () => {
      await c.post(on('mine'), { uuid: 'me' });
      await c.post(on('theirs'), { uuid: 'them' });
      const seen = (as: As) =>
        listOf(as).then((page) =>
          page.list.map((x: { content: string; mine: boolean }) => [x.content, x.mine]),
        );
      expect(await seen({ uuid: 'me' })).toEqual([
        ['theirs', false],
        ['mine', true],
      ]);
      expect(await seen({})).toEqual([
        ['theirs', false],
        ['mine', false],
      ]);
    });

    it.each([
      ['no target', {}],
      ['a bad cursor', { targetType: 'essay', targetId: 1, start: 'abc' }],
    ])('refuses a list with %s with 4000', async (_, query) => {
      const res = await c.list(query as Record<string, string>);
      expect(res.statusCode).toBe(400);
    });
  });

  describe('editing and deleting', () => {
    it('lets the author edit its comment', async () => {
      const id = (await c.post(on('typo'), { uuid: 'author' })).json().data.id;
      t.clock.advance(5000);
      const res = await c.edit(id, 'fixed', { uuid: 'author' });
      expect(res.json().data).toMatchObject({ id, content: 'fixed', mine: true });
      expect(res.json().data.updatedAt).toBeGreaterThan(res.json().data.createdAt);
    });

    it('lets the author delete its comment', async () => {
      const id = (await c.post(on('oops'), { uuid: 'author' })).json().data.id;
      expect((await c.remove(id, { uuid: 'author' })).json()).toEqual({ code: 0, data: null });
      expect((await listOf()).list).toEqual([]);
    });

    it.each(['edit', 'delete'] as const)(
      'refuses to %s another visitor’s comment with 4030',
      async (action) => {
        const id = (await c.post(on('not yours'), { uuid: 'owner-of-it' })).json().data.id;
        const res =
          action === 'edit'
            ? await c.edit(id, 'hijack', { uuid: 'intruder' })
            : await c.remove(id, { uuid: 'intruder' });
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe(ErrorCode.forbidden);
        expect((await listOf()).list[0].content).toBe('not yours');
      },
    );

    it.each(['edit', 'delete'] as const)('refuses to %s without X-Uuid with 4000', async (action) => {
      const id = (await c.post(on('anon'), someone())).json().data.id;
      const res = action === 'edit' ? await c.edit(id, 'x') : await c.remove(id);
      expect(res.statusCode).toBe(400);
    });

    it('lets the owner edit and delete any comment', async () => {
      const id = (await c.post(on('rude words'), someone())).json().data.id;
      expect((await c.edit(id, '（已编辑）', { owner: true })).json().data.content).toBe('（已编辑）');
      expect((await c.remove(id, { owner: true })).json().code).toBe(0);
      expect((await listOf()).total).toBe(0);
    });

    it('does not let a visitor change an owner comment, even from the owner’s device', async () => {
      const id = (await c.post(on('官方回复'), { owner: true, uuid: 'owner-phone' })).json().data.id;
      expect((await c.edit(id, 'fake', { uuid: 'owner-phone' })).statusCode).toBe(403);
    });

    it('answers 4040 for a missing comment', async () => {
      expect((await c.edit(999_999, 'x', { uuid: 'a' })).statusCode).toBe(404);
      expect((await c.remove(999_999, { uuid: 'a' })).statusCode).toBe(404);
    });

    it('keeps a deleted head as a placeholder while it has replies, and drops it with the last reply', async () => {
      const top = (await c.post(on('head'), { uuid: 'head-author' })).json().data;
      const reply = (await c.post(on('a reply', { parentId: top.id }), { uuid: 'replier' })).json().data;
      await c.remove(top.id, { uuid: 'head-author' });
      const page = await listOf({ uuid: 'head-author' });
      expect(page.list[0]).toMatchObject({ id: top.id, deleted: true, content: '', name: '', mine: false });
      expect(page.list[0].replies.map((r: { id: number }) => r.id)).toEqual([reply.id]);
      expect(page.total).toBe(1);
      expect((await c.edit(top.id, 'back', { uuid: 'head-author' })).statusCode).toBe(404);
      await c.remove(reply.id, { uuid: 'replier' });
      expect((await listOf()).list).toEqual([]);
    });
  });
});
