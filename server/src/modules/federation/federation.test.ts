import { Create, Delete, Follow, Like, Note, PUBLIC_COLLECTION } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner } from '../../../test/contentFactories.ts';
import { eventually } from '../../../test/eventually.ts';
import { startFederatedApp } from '../../../test/federatedApp.ts';
import { type FediversePeer, ownerActorFor, startFediversePeer } from '../../../test/fediversePeer.ts';
import type { TestApp } from '../../../test/harness.ts';

/*
 * Issue 29 through real HTTP with real signatures, between our app (listening on 127.0.0.1) and a
 * peer on 127.0.0.2 with its own port and storage: a second Fedify instance (test/fediversePeer.ts)
 * that can send what a well-behaved server never does (an unsigned delivery, activities made by
 * hand). The independent implementation is activitypub-bot, in
 * federationPeer.test.ts; see docs/decisions.md (issue 29, "Test peers").
 */
describe('ActivityPub federation with a peer over HTTP (issue 29)', () => {
  let t: TestApp;
  let peer: FediversePeer;
  let origin: string;
  let essayId: number;
  let n = 0;
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.server.inject({ method, url: `/api${url}`, payload, headers: asOwner });
  const comments = async () =>
    (await api('GET', `/blog/comment?targetType=essay&targetId=${essayId}`)).json().data;
  const ourActor = () => ownerActorFor(peer, origin);
  const reply = (content: string) => {
    const note = new Note({
      id: new URL(`${peer.origin}/notes/${++n}`),
      attribution: new URL(peer.actorUrl),
      to: PUBLIC_COLLECTION,
      replyTarget: new URL(`${origin}/chaos/${essayId}`),
      content,
    });
    return new Create({
      id: new URL(`${note.id?.href}/create`),
      actor: new URL(peer.actorUrl),
      object: note,
    });
  };

  beforeAll(async () => {
    peer = await startFediversePeer();
    ({ t, origin } = await startFederatedApp());
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('answers WebFinger for @owner@host with the actor, and the actor document to a server', async () => {
    const host = new URL(origin).host;
    const res = await fetch(`${origin}/.well-known/webfinger?resource=acct:owner@${host}`);
    expect(res.status).toBe(200);
    const links = ((await res.json()) as { links: unknown }).links as { rel: string; href: string }[];
    expect(links.find((l) => l.rel === 'self')?.href).toBe(`${origin}/ap/users/owner`);
    const actor = await ourActor();
    expect(actor.preferredUsername).toBe('owner');
    expect(String(actor.name)).toBe('糖果罐');
  });

  it('accepts the peer’s signed Follow and lists it as a follower', async () => {
    await peer.send(
      await ourActor(),
      new Follow({
        id: new URL(`${peer.origin}/follows/1`),
        actor: new URL(peer.actorUrl),
        object: new URL(`${origin}/ap/users/owner`),
      }),
    );
    await eventually(() => peer.received.find((a) => a.constructor.name === 'Accept'));
    const overview = (await api('GET', '/federation/overview')).json().data;
    expect(overview.followers.map((f: { actorUrl: string }) => f.actorUrl)).toEqual([peer.actorUrl]);
  }, 30_000);

  it('delivers a published essay to the follower as a signed Create of an Article', async () => {
    const res = await api('POST', '/blog/essay', { content: '# 你好联邦\n\n第一篇发到联邦宇宙的随笔。' });
    essayId = res.json().data.id;
    const create = await eventually(() =>
      peer.received.find((a) => a instanceof Create && a.objectId?.href === `${origin}/chaos/${essayId}`),
    );
    const article = await (create as Create).getObject();
    expect(article?.constructor.name).toBe('Article');
    expect(String(article?.summary)).toContain('第一篇发到联邦宇宙的随笔');
  }, 30_000);

  it('serves the essay URL as ActivityStreams JSON to a server and not to a browser', async () => {
    const json = await fetch(`${origin}/chaos/${essayId}`, {
      headers: { accept: 'application/activity+json' },
    });
    expect(json.status).toBe(200);
    expect(((await json.json()) as { type: string }).type).toBe('Article');
    const html = await fetch(`${origin}/chaos/${essayId}`, { headers: { accept: 'text/html' } });
    expect(html.headers.get('content-type') ?? '').not.toContain('activity+json');
  });

  it('shows the peer’s reply under the essay as escaped text, and removes it on Delete', async () => {
    const create = reply('<p>写得好 <script>alert(1)</script><b>!</b></p>');
    await peer.send(await ourActor(), create);
    // The list and the count are two reads: wait until both have it.
    const data = await eventually(async () => {
      const page = await comments();
      return page.total === 1 && page.list.length === 1 ? page : null;
    });
    expect(data.list[0]).toMatchObject({
      name: 'Alice Peer',
      content: '写得好 !',
      source: 'fediverse',
      authorUrl: peer.actorUrl,
    });
    await peer.send(
      await ourActor(),
      new Delete({
        id: new URL(`${peer.origin}/deletes/${n}`),
        actor: new URL(peer.actorUrl),
        object: create.objectId,
      }),
    );
    await eventually(async () => (await comments()).total === 0);
  }, 30_000);

  it('sends the owner’s answer to a fediverse reply back to its author as a reply', async () => {
    const create = reply('<p>请问怎么订阅？</p>');
    await peer.send(await ourActor(), create);
    const head = await eventually(async () => (await comments()).list[0]);
    await api('POST', '/blog/comment', {
      targetType: 'essay',
      targetId: essayId,
      parentId: head.id,
      content: '搜索 @owner 关注即可',
    });
    const answer = await eventually(async () => {
      for (const activity of peer.received) {
        if (!(activity instanceof Create)) continue;
        const object = await activity.getObject();
        if (object instanceof Note && object.replyTargetId?.href === create.objectId?.href) return object;
      }
      return null;
    });
    expect(String(answer?.content)).toContain('搜索 @owner 关注即可');
    await peer.send(
      await ourActor(),
      new Delete({
        id: new URL(`${peer.origin}/deletes/${n}`),
        actor: new URL(peer.actorUrl),
        object: create.objectId,
      }),
    );
  }, 30_000);

  it('counts the peer’s Like under the essay', async () => {
    await peer.send(
      await ourActor(),
      new Like({
        id: new URL(`${peer.origin}/likes/1`),
        actor: new URL(peer.actorUrl),
        object: new URL(`${origin}/chaos/${essayId}`),
      }),
    );
    await eventually(async () => (await comments()).reactions.likes === 1);
  }, 30_000);

  it('answers an unsigned delivery 401 and stores nothing', async () => {
    const res = await fetch(`${origin}/ap/inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: JSON.stringify({
        '@context': 'https://www.w3.org/ns/activitystreams',
        type: 'Like',
        id: `${peer.origin}/likes/unsigned`,
        actor: peer.actorUrl,
        object: `${origin}/chaos/${essayId}`,
      }),
    });
    expect(res.status).toBe(401);
    expect((await comments()).reactions.likes).toBe(1);
  });

  it('refuses a blocked domain’s signed reply with 403 and removes its reactions', async () => {
    // The owner's answer stays (under the deleted reply's placeholder); nothing of the peer's does.
    const before = (await comments()).total;
    const blocked = await api('POST', '/federation/block', { target: '127.0.0.2' });
    expect(blocked.json().data).toEqual({ comments: 0, reactions: 1 });
    const res = await peer.post(new URL(`${origin}/ap/inbox`), reply('<p>blocked</p>'));
    expect(res.status).toBe(403);
    expect(((await res.json()) as { code: number }).code).toBe(4030);
    const page = await comments();
    expect(page.total).toBe(before);
    expect(page.reactions.likes).toBe(0);
  }, 30_000);
});
