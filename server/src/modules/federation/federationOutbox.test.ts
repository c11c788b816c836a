import { type Activity, Create, Delete, Note, type Update } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner } from '../../../test/contentFactories.ts';
import { eventually } from '../../../test/eventually.ts';
import { saveFederationSettings, startFederatedApp } from '../../../test/federatedApp.ts';
import { type FediversePeer, followOwner, startFediversePeer } from '../../../test/fediversePeer.ts';
import type { TestApp } from '../../../test/harness.ts';

/*
 * Issue 29.2 and 29.4 for moments and hidden essays: what reaches a follower when the owner writes,
 * edits and deletes. The follower is the Fedify peer (a second Fedify on 127.0.0.2, real HTTP and
 * signatures; see docs/decisions.md).
 */
describe('activities sent for moments and hidden essays (issue 29)', () => {
  let t: TestApp;
  let peer: FediversePeer;
  let origin: string;
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.server.inject({ method, url: `/api${url}`, payload, headers: asOwner });
  const settings = (federateMoments: boolean) => saveFederationSettings(t, origin, { federateMoments });
  /** The events so far have been turned into activities, and the queue has sent them all. */
  const settled = async () => {
    await t.modules.federation.idle();
    await eventually(async () => (await api('GET', '/federation/delivery')).json().data.queued === 0);
  };
  /** What the peer received since `from`, as `Type objectId` lines. */
  const since = (from: number) =>
    peer.received.slice(from).map((a: Activity) => `${a.constructor.name} ${a.objectId?.pathname ?? ''}`);

  beforeAll(async () => {
    peer = await startFediversePeer();
    ({ t, origin } = await startFederatedApp());
    await followOwner(peer, origin, '1');
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await peer?.close();
  });

  it('sends nothing for a moment written, edited or deleted while moments are not federated', async () => {
    const from = peer.received.length;
    const id = (await api('POST', '/blog/moment', { content: '只给暗色模式看' })).json().data.id;
    await api('PUT', `/blog/moment/${id}`, { content: '改过了' });
    await api('DELETE', `/blog/moment/${id}`);
    await settled();
    expect(since(from)).toEqual([]);
  }, 30_000);

  it('sends Create, Update and Delete of a Note for a federated moment', async () => {
    await settings(true);
    const from = peer.received.length;
    const id = (await api('POST', '/blog/moment', { content: '今天的晚霞' })).json().data.id;
    await api('PUT', `/blog/moment/${id}`, { content: '今天的晚霞，补一句：很红' });
    await api('DELETE', `/blog/moment/${id}`);
    await settled();
    await eventually(() => peer.received.length - from >= 3);
    expect(since(from)).toEqual([
      `Create /ap/moments/${id}`,
      `Update /ap/moments/${id}`,
      `Delete /ap/moments/${id}`,
    ]);
    const [create, update] = peer.received.slice(from) as [Create, Update];
    expect(create).toBeInstanceOf(Create);
    const edited = await update.getObject();
    expect(edited).toBeInstanceOf(Note);
    expect(String((edited as Note).content)).toContain('很红');
    await settings(false);
  }, 30_000);

  it('never sends a hidden essay, and withdraws one hidden after publishing with a Delete', async () => {
    const from = peer.received.length;
    await api('POST', '/blog/essay', { content: '藏起来的随笔', hide: true });
    await settled();
    expect(since(from)).toEqual([]);

    const id = (await api('POST', '/blog/essay', { content: '先公开，后藏起来' })).json().data.id;
    await api('PUT', `/blog/essay/${id}`, { hide: true });
    await settled();
    await eventually(() => peer.received.length - from >= 2);
    expect(since(from)).toEqual([`Create /chaos/${id}`, `Delete /chaos/${id}`]);
    expect(peer.received.at(-1)).toBeInstanceOf(Delete);
  }, 30_000);
});
