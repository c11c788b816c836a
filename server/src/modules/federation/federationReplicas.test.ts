import { Create } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { eventually } from '../../../test/eventually.ts';
import { startFederatedApp } from '../../../test/federatedApp.ts';
import { type FediversePeer, followOwner, startFediversePeer } from '../../../test/fediversePeer.ts';
import { createReplica, type TestApp } from '../../../test/harness.ts';

/*
 * Issue 29, "with two replicas an activity is delivered once": two apps on one database (another
 * replica, as behind nginx), each writing essays, so both queue workers are awake and claim from the
 * same queue table at the same time. The follower must get every Create exactly once.
 */
describe('two replicas share one delivery queue (issue 29)', () => {
  let t: TestApp;
  let replica: Awaited<ReturnType<typeof createReplica>>;
  let peer: FediversePeer;
  let origin: string;

  beforeAll(async () => {
    peer = await startFediversePeer();
    ({ t, origin } = await startFederatedApp());
    replica = await createReplica(t, { ownerGuard: testOwnerGuard });
    await replica.server.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await replica?.close();
    await t?.close();
    await peer?.close();
  });

  it('delivers each essay written on either replica to the follower exactly once', async () => {
    await followOwner(peer, origin, 'replicas');

    // Six essays, alternating replicas, written at once: both workers claim from the same rows.
    const apps = [t, replica, t, replica, t, replica];
    const written = await Promise.all(
      apps.map(async (app, i) => {
        const res = await app.server.inject({
          method: 'POST',
          url: '/api/blog/essay',
          headers: asOwner,
          payload: { content: `# 第 ${i + 1} 篇\n\n两个副本一起写。` },
        });
        expect(res.json().code).toBe(0);
        return `${origin}/chaos/${res.json().data.id}`;
      }),
    );
    const creates = () =>
      peer.received.filter((a): a is Create => a instanceof Create).map((a) => a.objectId?.href ?? '');
    await eventually(() => written.every((url) => creates().includes(url)), 30_000);
    // Whatever a second claim of the same row would send arrives within the queue's next turn.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // Counted on the wire: the peer's Fedify would drop a repeated activity id without a word.
    const createIds = peer.received
      .filter((a): a is Create => a instanceof Create && written.includes(a.objectId?.href ?? ''))
      .map((a) => a.id?.href ?? '');
    expect(createIds).toHaveLength(written.length);
    for (const id of createIds) expect(peer.posted.filter((posted) => posted === id)).toHaveLength(1);
  }, 60_000);
});
