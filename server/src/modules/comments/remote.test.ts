import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asOwner } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import type { RemoteCommentInput } from './remote.ts';
import { commentClient, insertEssay, testMaxNumber, testOwnerGuard } from './testKit.ts';

describe('remote comments and reactions (issue 29: one thread for every reaction)', () => {
  let t: TestApp;
  let c: ReturnType<typeof commentClient>;
  let essayId: number;
  let n = 0;
  const remote = () => t.modules.comments.remote;
  const reply = (patch: Partial<RemoteCommentInput> = {}): RemoteCommentInput => ({
    source: 'fediverse',
    remoteId: `https://remote.example/notes/${++n}`,
    authorName: 'Alice',
    authorUrl: 'https://remote.example/users/alice',
    authorAvatar: 'https://remote.example/alice.png',
    html: '<p>Hello <b>there</b></p>',
    targetType: 'essay',
    targetId: essayId,
    ...patch,
  });
  const listed = async () => (await c.list({ targetType: 'essay', targetId: essayId })).json().data;
  const moderation = (mode: string) =>
    t.server.inject({
      method: 'PUT',
      url: '/api/blog/comment/settings',
      payload: { moderation: mode, heldWords: [], powMaxNumber: testMaxNumber },
      headers: asOwner,
    });

  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
    c = commentClient(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    essayId = await insertEssay(t);
    await moderation('none');
  });

  it('shows a fediverse reply in the thread with its author, avatar and source, as escaped text', async () => {
    const added = await remote().addComment(
      reply({
        authorName: 'Alice <img src=x onerror=alert(1)>',
        html: '<p>Hi &amp; <script>alert(1)</script><a href="javascript:alert(1)">link</a></p><p>two</p>',
        authorAvatar: 'javascript:alert(1)',
      }),
    );
    expect(added).toMatchObject({ status: 'visible', created: true });
    const data = await listed();
    expect(data.list).toHaveLength(1);
    expect(data.list[0]).toMatchObject({
      id: added.id,
      name: 'Alice',
      content: 'Hi & link\n\ntwo',
      source: 'fediverse',
      authorUrl: 'https://remote.example/users/alice',
      avatarUrl: null,
      isOwner: false,
      mine: false,
    });
  });

  it('stores a redelivered reply once', async () => {
    const input = reply();
    const first = await remote().addComment(input);
    const second = await remote().addComment(input);
    expect(second).toEqual({ ...first, created: false });
    expect((await listed()).total).toBe(1);
  });

  it('holds a remote reply when the moderation setting holds every comment', async () => {
    await moderation('all');
    const added = await remote().addComment(reply());
    expect(added.status).toBe('held');
    expect((await listed()).list).toHaveLength(0);
  });

  it('threads a reply to a remote comment under it, and an Update changes only the author’s own', async () => {
    const head = await remote().addComment(reply());
    const answer = await remote().addComment(
      reply({
        parentRemoteId: `https://remote.example/notes/${n}`,
        authorUrl: 'https://other.example/u/bob',
      }),
    );
    const data = await listed();
    expect(data.list[0].id).toBe(head.id);
    expect(data.list[0].replies.map((r: { id: number }) => r.id)).toEqual([answer.id]);
    const headId = `https://remote.example/notes/${n - 1}`;
    expect(await remote().updateComment(headId, '<p>changed</p>', 'https://other.example/u/bob')).toBe(false);
    expect(await remote().updateComment(headId, '<p>changed</p>', 'https://remote.example/users/alice')).toBe(
      true,
    );
    expect((await listed()).list[0].content).toBe('changed');
  });

  const holdWords = () =>
    t.server.inject({
      method: 'PUT',
      url: '/api/blog/comment/settings',
      payload: { moderation: 'none', heldWords: ['casino', '赌场'], powMaxNumber: testMaxNumber },
      headers: asOwner,
    });

  it('holds fediverse replies with disguised held words (issue 40.2)', async () => {
    await holdWords();
    expect((await remote().addComment(reply({ html: '<p>来 саsinо 玩</p>' }))).status).toBe('held');
    expect((await remote().addComment(reply({ html: '<p>赌&#x200b;场见</p>' }))).status).toBe('held');
    expect((await listed()).list).toEqual([]);
  });

  it('puts a shown fediverse reply updated into a disguised held word back in the queue (issue 40.2)', async () => {
    await holdWords();
    const shown = await remote().addComment(reply({ html: '<p>写得真好</p>' }));
    expect(shown.status).toBe('visible');
    expect(
      await remote().updateComment(`https://remote.example/notes/${n}`, '<p>来赌\u2060场玩</p>', null),
    ).toBe(true);
    expect((await listed()).list).toEqual([]);
  });

  it('removes a remote comment when its Delete arrives', async () => {
    const input = reply();
    await remote().addComment(input);
    expect(await remote().removeComment(input.remoteId, 'https://remote.example/users/alice')).toBe(true);
    expect((await listed()).total).toBe(0);
  });

  it('refuses a reply to a hidden essay', async () => {
    const hidden = await insertEssay(t, { hide: 1 });
    await expect(remote().addComment(reply({ targetId: hidden }))).rejects.toMatchObject({ code: 4040 });
  });

  it('counts likes and reposts once each, shows them with the comments, and takes them back', async () => {
    const like = {
      kind: 'like' as const,
      source: 'fediverse' as const,
      remoteId: `https://remote.example/likes/${++n}`,
      actorUrl: 'https://remote.example/users/alice',
      actorName: 'Alice',
      targetType: 'essay' as const,
      targetId: essayId,
    };
    expect(await remote().addReaction(like)).toBe(true);
    expect(await remote().addReaction(like)).toBe(false);
    await remote().addReaction({ ...like, kind: 'repost', remoteId: `${like.remoteId}/boost` });
    expect((await listed()).reactions).toEqual({ likes: 1, reposts: 1 });
    expect(await remote().removeReaction(like.remoteId)).toBe(true);
    expect((await listed()).reactions).toEqual({ likes: 0, reposts: 1 });
  });

  it('a block removes every comment and reaction from that domain', async () => {
    await remote().addComment(reply({ authorUrl: 'https://blocked.example/u/eve' }));
    await remote().addComment(reply());
    await remote().addReaction({
      kind: 'like',
      source: 'fediverse',
      remoteId: `https://blocked.example/likes/${++n}`,
      actorUrl: 'https://blocked.example/u/eve',
      actorName: 'Eve',
      targetType: 'essay',
      targetId: essayId,
    });
    expect(await remote().removeByAuthorPrefix('https://blocked.example/')).toEqual({
      comments: 1,
      reactions: 1,
    });
    const data = await listed();
    expect(data.total).toBe(1);
    expect(data.reactions.likes).toBe(0);
  });

  it('tells which remote comment the owner’s reply answers', async () => {
    const input = reply();
    const head = await remote().addComment(input);
    const res = await c.post(
      { targetType: 'essay', targetId: essayId, parentId: head.id, content: 'thanks' },
      { owner: true },
    );
    expect(await remote().remoteParentOf(res.json().data.id)).toMatchObject({
      remoteId: input.remoteId,
      source: 'fediverse',
      authorUrl: input.authorUrl,
    });
  });
});
