import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Follow, MemoryKvStore } from '@fedify/fedify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { eventually } from '../../../test/eventually.ts';
import { type FediversePeer, startFediversePeer } from '../../../test/fediversePeer.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createOutbound } from '../../net/outbound.ts';
import { createFederationLoaders } from './loaders.ts';

/** An inbox on 127.0.0.1 that answers 503 with a body until told to accept. */
const startInbox = async () => {
  const state = { accept: false, posts: 0 };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      state.posts += 1;
      if (state.accept) return void res.writeHead(202).end();
      res.writeHead(503, { 'content-type': 'text/plain' }).end('busy, try later');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/inbox`;
  return { url, state, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
};

/*
 * Issue 29.5 (the delivery queue in the back office) and DESIGN §11 (Fedify's fetches through our
 * outbound module). Only 127.0.0.1 is allowed here: the fallback peer on 127.0.0.2 is an address the
 * server may not reach, as a private address would be in production.
 */
describe('the delivery queue, and remote addresses through the outbound guard (issue 29)', () => {
  let t: TestApp;
  let origin: string;
  let inbox: Awaited<ReturnType<typeof startInbox>>;
  let peer: FediversePeer;
  const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.server.inject({ method, url: `/api${url}`, payload, headers: asOwner });
  const deliveries = async () => (await api('GET', '/federation/delivery')).json().data;
  const follower = (actor: string, inboxUrl: string) =>
    t.database.db
      .insertInto('federation_follower')
      .values({
        actor_url: actor,
        inbox: inboxUrl,
        shared_inbox: null,
        handle: `@x@${new URL(actor).host}`,
        name: 'x',
        follow_id: `${actor}/follow`,
        status: 'accepted',
        created_at: t.clock.now,
      })
      .execute();

  beforeAll(async () => {
    inbox = await startInbox();
    peer = await startFediversePeer();
    t = await createTestApp({ ownerGuard: testOwnerGuard, env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1' } });
    await t.server.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.server.server.address() as AddressInfo).port}`;
    await api('PUT', '/federation/settings', {
      handle: 'owner',
      displayName: '',
      origin,
      manualApproval: false,
      federateMoments: false,
    });
  }, 60_000);
  afterEach(async () => {
    await t.database.db.deleteFrom('federation_follower').execute();
  });
  afterAll(async () => {
    await t?.close();
    await inbox?.close();
    await peer?.close();
  });

  it('lists nothing while nothing is queued or failed', async () => {
    expect(await deliveries()).toEqual({ queued: 0, pending: [], failed: [] });
    expect((await api('GET', '/federation/overview')).json().data).toMatchObject({ queued: 0, failed: 0 });
  });

  it('shows a delivery the remote refused as waiting for its retry, with the answer, until it goes through', async () => {
    await follower('http://127.0.0.1:9/users/busy', inbox.url);
    const essay = (await api('POST', '/blog/essay', { content: '排队的随笔' })).json().data;
    const waiting = await eventually(async () => {
      const data = await deliveries();
      // The retry's row can be listed a moment before the failed try's answer is written beside it.
      return data.pending.find((d: { lastStatusCode: number | null }) => d.lastStatusCode !== null);
    });
    expect(waiting).toMatchObject({
      activityType: 'Create',
      activityId: expect.stringContaining(`/chaos/${essay.id}`),
      inbox: inbox.url,
      lastStatusCode: 503,
      lastAnswer: 'busy, try later',
    });
    inbox.state.accept = true;
    // Fedify's back-off: the second try comes 2–4 s after the first.
    await eventually(async () => (await deliveries()).queued === 0, 15_000);
    expect(await deliveries()).toEqual({ queued: 0, pending: [], failed: [] });
  }, 30_000);

  it('never sends to an inbox on an address the server may not reach; the owner retries and removes it', async () => {
    await follower('http://127.0.0.3:9/users/far', 'http://127.0.0.3:9/inbox');
    await api('POST', '/blog/essay', { content: '发不出去的随笔' });
    const failed = await eventually(async () => (await deliveries()).failed[0]);
    expect(failed).toMatchObject({
      activityType: 'Create',
      inbox: 'http://127.0.0.3:9/inbox',
      attempts: 1,
      statusCode: null,
      answer: expect.stringContaining('这是内网地址'),
    });
    expect((await api('GET', '/federation/overview')).json().data.failed).toBe(1);

    const retried = await api('POST', `/federation/delivery/${failed.id}/retry`);
    expect(retried.json()).toEqual({ code: 0, data: { ok: true } });
    // Queued again with the owner's keys, and refused again by the address check.
    await eventually(async () => {
      const data = await deliveries();
      return data.queued === 0 && data.failed.length === 1 && data.failed[0].failedAt >= failed.failedAt;
    });

    expect((await api('DELETE', `/federation/delivery/${failed.id}`)).json().data).toEqual({ ok: true });
    expect((await deliveries()).failed).toEqual([]);
    const again = await api('DELETE', `/federation/delivery/${failed.id}`);
    expect([again.statusCode, again.json().code]).toEqual([404, 4040]);
    const unknown = await api('POST', '/federation/delivery/999999/retry');
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 4040]);
  }, 30_000);

  it('refuses a visitor 4010', async () => {
    const res = await t.server.inject({ method: 'GET', url: '/api/federation/delivery' });
    expect([res.statusCode, res.json().code]).toEqual([401, 4010]);
  });

  it('does not fetch a signer’s key from an address the server may not reach: its delivery is 401', async () => {
    const follow = new Follow({
      id: new URL(`${peer.origin}/follows/refused`),
      actor: new URL(peer.actorUrl),
      object: new URL(`${origin}/ap/users/owner`),
    });
    const res = await peer.post(new URL(`${origin}/ap/inbox`), follow);
    expect(res.status).toBe(401);
    expect((await api('GET', '/federation/overview')).json().data.followers).toEqual([]);
  });

  it('loads remote documents through the outbound policy: refused, then allowed by configuration', async () => {
    const actor = `${peer.origin}/users/alice`;
    const refused = createFederationLoaders(
      createOutbound({ allowPrivate: false, allowed: [] }),
      new MemoryKvStore(),
    );
    await expect(refused.documentLoader(actor)).rejects.toThrow(/这是内网地址/);
    // The preloaded contexts need no request at all.
    const context = await refused.documentLoader('https://www.w3.org/ns/activitystreams');
    expect(context.document).toHaveProperty('@context');

    const allowed = createFederationLoaders(
      createOutbound({ allowPrivate: false, allowed: ['127.0.0.2'] }),
      new MemoryKvStore(),
    );
    const loaded = await allowed.documentLoader(actor);
    expect(loaded.document).toMatchObject({ type: 'Person', preferredUsername: 'alice' });
  });
});
