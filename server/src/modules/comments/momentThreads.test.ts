import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, insertMoments, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { RemoteCommentInput } from './remote.ts';
import { commentClient, testMaxNumber } from './testKit.ts';

const darkKey = { 'x-dark-key': 'k' };

/*
 * Issue 29: a fediverse reply to a moment lives under the moment. Moments are dark content, so their
 * threads and counts are read with the dark key (or as the owner) and by nobody else; only the
 * owner writes under one.
 */
describe('comments under a moment', () => {
  let t: TestApp;
  let c: ReturnType<typeof commentClient>;
  let moment: number;
  let quiet: number;
  let n = 0;
  const reply = (patch: Partial<RemoteCommentInput> = {}): RemoteCommentInput => ({
    source: 'fediverse',
    remoteId: `https://remote.example/notes/${++n}`,
    authorName: 'Alice',
    authorUrl: 'https://remote.example/users/alice',
    authorAvatar: null,
    html: '<p>晚霞真好看</p>',
    targetType: 'moment',
    targetId: moment,
    ...patch,
  });
  const counts = (ids: string, headers: Record<string, string> = darkKey) =>
    t.server.inject({
      method: 'GET',
      url: `/api/blog/comment/counts?targetType=moment&ids=${ids}`,
      headers,
    });

  beforeAll(async () => {
    t = await createTestApp({ env: { DARK_KEY: 'k' }, ownerGuard: testOwnerGuard });
    c = commentClient(t);
    [moment, quiet] = (await insertMoments(t, [
      { at: Date.now() - 2000, content: '今天的晚霞' },
      { at: Date.now() - 1000, content: '没人理' },
    ])) as [number, number];
    await t.server.inject({
      method: 'PUT',
      url: '/api/blog/comment/settings',
      payload: { moderation: 'none', heldWords: [], powMaxNumber: testMaxNumber },
      headers: asOwner,
    });
    const remote = t.modules.comments.remote;
    await remote.addComment(reply());
    await remote.addComment(reply({ authorName: 'Bob', html: '<p>在哪拍的？</p>' }));
    await remote.addReaction({
      kind: 'like',
      source: 'fediverse',
      remoteId: 'https://remote.example/likes/1',
      actorUrl: 'https://remote.example/users/carol',
      actorName: 'Carol',
      targetType: 'moment',
      targetId: moment,
    });
  });
  afterAll(() => t.close());

  it('reads the thread with the dark key, and as the owner', async () => {
    const withKey = await t.server.inject({
      method: 'GET',
      url: `/api/blog/comment?targetType=moment&targetId=${moment}`,
      headers: darkKey,
    });
    expect(withKey.json().data).toMatchObject({
      total: 2,
      reactions: { likes: 1, reposts: 0 },
      list: [
        { name: 'Bob', content: '在哪拍的？', source: 'fediverse' },
        { name: 'Alice', content: '晚霞真好看', authorUrl: 'https://remote.example/users/alice' },
      ],
    });
    const asTheOwner = await c.list({ targetType: 'moment', targetId: moment }, { owner: true });
    expect(asTheOwner.json().data.total).toBe(2);
  });

  it('answers a visitor without the key, or with a wrong one, as if there were no thread', async () => {
    for (const headers of [{}, { 'x-dark-key': 'nope' }]) {
      const res = await t.server.inject({
        method: 'GET',
        url: `/api/blog/comment?targetType=moment&targetId=${moment}`,
        headers,
      });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe(ErrorCode.notFound);
    }
  });

  it('refuses a comment on a moment from anyone but the owner, the dark key notwithstanding', async () => {
    const res = await c.post(
      { targetType: 'moment', targetId: moment, content: '我也想说', guestName: '路人' },
      { uuid: 'visitor-1' },
    );
    expect(res.json().code).toBe(ErrorCode.notFound);
    const listed = await c.list({ targetType: 'moment', targetId: moment }, { owner: true });
    expect(listed.json().data.total).toBe(2);
  });

  it('counts comments and reactions of several moments at once, leaving out the ones with none', async () => {
    const res = await counts(`${moment},${quiet},999999`);
    expect(res.json()).toMatchObject({
      code: 0,
      data: { list: [{ targetId: moment, comments: 2, likes: 1, reposts: 0 }] },
    });
  });

  it('counts a held reply for the owner only', async () => {
    await t.server.inject({
      method: 'PUT',
      url: '/api/blog/comment/settings',
      payload: { moderation: 'all', heldWords: [], powMaxNumber: testMaxNumber },
      headers: asOwner,
    });
    const held = await t.modules.comments.remote.addComment(reply({ targetId: quiet }));
    expect(held.status).toBe('held');
    expect((await counts(String(quiet))).json().data.list).toEqual([]);
    const owner = await counts(String(quiet), asOwner);
    expect(owner.json().data.list).toEqual([{ targetId: quiet, comments: 1, likes: 0, reposts: 0 }]);
  });

  it('refuses counts without the dark key (4031) and a malformed id list (4000)', async () => {
    expect((await counts(String(moment), {})).json().code).toBe(ErrorCode.darkKeyRequired);
    for (const ids of ['', '1,,2', 'a', Array.from({ length: 51 }, (_, i) => i + 1).join(',')]) {
      const res = await counts(ids);
      expect(res.statusCode, ids).toBe(400);
      expect(res.json().code).toBe(ErrorCode.validation);
    }
  });
});
