import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  type ActivityPubBot,
  botDatabase,
  type Json,
  startActivityPubBot,
} from '../../../test/activitypubBotPeer.ts';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { eventually } from '../../../test/eventually.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { findPgBin } from '../../../test/pgCluster.ts';
import { startTlsFront, type TlsFront } from '../../../test/tlsFront.ts';

const AS = 'https://www.w3.org/ns/activitystreams';
/** A property of an activity the bot recorded: its id, whether written as a string or an object. */
const idOf = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : ((value as { id?: string } | undefined)?.id ?? undefined);

// The bot keeps its data in PostgreSQL (docs/decisions.md): without one here, a loud skip (CI has one).
const havePostgres = Boolean(process.env.TEST_DATABASE_URL) || findPgBin() !== null;

/*
 * Issue 29 through real HTTP with real signatures against an independent implementation:
 * @evanp/activitypub-bot (test/activitypubBotPeer.ts), under Node 24 in its own process on
 * 127.0.0.2 with its own port and PostgreSQL database. Our app listens on 127.0.0.1 behind an https
 * front (the bot looks up WebFinger over https only); the bot signs, and checks signatures, with its
 * own code. The Fedify peer of federation.test.ts covers what the bot cannot send (unsigned
 * deliveries, activities made by hand).
 */
describe.skipIf(!havePostgres && process.env.CI !== 'true')(
  'ActivityPub federation with activitypub-bot, an independent server (issue 29)',
  () => {
    let t: TestApp;
    let front: TlsFront;
    let bot: ActivityPubBot;
    let database: Awaited<ReturnType<typeof botDatabase>> | undefined;
    let origin: string;
    let actor: string;
    let essayId: number;
    let essayUrl: string;
    const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
      t.server.inject({ method, url: `/api${url}`, payload, headers: asOwner });
    const comments = async () =>
      (await api('GET', `/blog/comment?targetType=essay&targetId=${essayId}`)).json().data;
    /** Activities of `type` the bot received. */
    const received = async (type: string) => (await bot.received()).filter((a) => a.type === type);
    /** Deliveries (POSTs to our inboxes) the front passed on since `since`. */
    const deliveries = (since: number) =>
      front.requests.filter((r) => r.method === 'POST' && r.url.startsWith('/ap/') && r.at >= since);

    beforeAll(async () => {
      // The bot (with its database) starts while our app does: it needs only the front's certificate.
      front = await startTlsFront();
      origin = front.origin;
      actor = `${origin}/ap/users/owner`;
      const startBot = async () => {
        database = await botDatabase();
        bot = await startActivityPubBot({ databaseUrl: database.url, caFile: front.caFile });
      };
      const startApp = async () => {
        t = await createTestApp({
          ownerGuard: testOwnerGuard,
          env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.2' },
        });
        await t.server.listen({ port: 0, host: '127.0.0.1' });
        front.forwardTo({ host: '127.0.0.1', port: (t.server.server.address() as AddressInfo).port });
        const saved = await api('PUT', '/federation/settings', {
          handle: 'owner',
          displayName: '糖果罐',
          origin,
          manualApproval: false,
          federateMoments: false,
        });
        expect(saved.json().code).toBe(0);
      };
      await Promise.all([startBot(), startApp()]);
    }, 180_000);
    afterEach((context) => {
      // A failure says what the bot logged and what reached our server.
      if (context.task.result?.state !== 'fail') return;
      console.log(`activitypub-bot's log (end):\n${bot?.output().slice(-8000)}`);
      console.log(
        `through the front:\n${front?.requests.map((r) => `${r.method} ${r.url} ${r.status} ${r.signature ?? ''}`).join('\n')}`,
      );
    });
    afterAll(async () => {
      await bot?.close();
      await t?.close();
      await front?.close();
      await database?.drop();
    });

    it('resolves @owner@127.0.0.1:port by WebFinger, follows us and is accepted', async () => {
      const host = new URL(origin).host;
      const { actorId, follow } = await bot.control<{ actorId: string; follow: string }>('POST', '/follow', {
        webfinger: `owner@${host}`,
      });
      expect(actorId).toBe(actor);
      expect(
        front.requests.some(
          (r) => r.url === `/.well-known/webfinger?resource=acct:owner@${host}` && r.status === 200,
        ),
      ).toBe(true);
      const overview = await eventually(async () => {
        const data = (await api('GET', '/federation/overview')).json().data;
        return data.followers.length > 0 ? data : null;
      });
      expect(overview.followers.map((f: { actorUrl: string }) => f.actorUrl)).toEqual([bot.actorId]);
      // The bot saw our Accept of its Follow, and counts us among those it follows.
      const accept = await eventually(async () => (await received('Accept'))[0]);
      expect(idOf(accept.actor)).toBe(actor);
      expect(idOf(accept.object)).toBe(follow);
      await eventually(
        async () => (await bot.control('GET', `/state?actor=${encodeURIComponent(actor)}`)).following,
      );
    }, 30_000);

    it('delivers an essay we publish to its inbox as a signed Create of an Article', async () => {
      const res = await api('POST', '/blog/essay', { content: '# 你好联邦\n\n第一篇发到联邦宇宙的随笔。' });
      essayId = res.json().data.id;
      essayUrl = `${origin}/chaos/${essayId}`;
      const create = await eventually(async () =>
        (await received('Create')).find((a) => idOf(a.object) === essayUrl),
      );
      expect(idOf(create.actor)).toBe(actor);
      const article = create.object as Json;
      expect(article.type).toBe('Article');
      expect(idOf(article.attributedTo)).toBe(actor);
      expect(String(article.summary)).toContain('第一篇发到联邦宇宙的随笔');
      // What it got is what we serve at the essay's address.
      const served = (
        await t.server.inject({
          method: 'GET',
          url: `/chaos/${essayId}`,
          headers: { accept: 'application/activity+json' },
        })
      ).json() as Json;
      expect(served.id).toBe(essayUrl);
      expect(article.content).toBe(served.content);
      // The bot records only what its inbox took, and its inbox takes a delivery only when the
      // signature verifies against the actor's key: the same Create unsigned is refused (with 500,
      // not 401: its inbox route reads the signer from `req.auth`, which its authenticator leaves
      // unset when there is no signature) and never recorded.
      const unsignedId = `${origin}/ap/unsigned`;
      const unsigned = await fetch(`${bot.actorId}/inbox`, {
        method: 'POST',
        headers: { 'content-type': 'application/activity+json' },
        body: JSON.stringify({ ...create, '@context': AS, id: unsignedId }),
      });
      expect(unsigned.ok).toBe(false);
      expect((await bot.received()).some((a) => a.id === unsignedId)).toBe(false);
    }, 30_000);

    // Read through the comments API: the essay page shows its comments by the client's render (the
    // server renders the essay, not its comments; /about is the one page whose comments it renders).
    it('shows its reply under the essay as a comment, and removes it on its Delete', async () => {
      const { note } = await bot.control<{ note: string }>('POST', '/reply', {
        inReplyTo: essayUrl,
        content: '写得好 <b>!</b>',
      });
      // The list and the count are two reads: wait until both have it.
      const page = await eventually(async () => {
        const data = await comments();
        return data.total === 1 && data.list.length === 1 ? data : null;
      });
      expect(page.list[0]).toMatchObject({
        name: 'Bot Peer',
        source: 'fediverse',
        authorUrl: bot.actorId,
      });
      // The bot sends what it was given as text (escaped in its HTML): it stays text here.
      expect(page.list[0].content).toBe('写得好 <b>!</b>');
      await bot.control('POST', '/delete', { note });
      await eventually(async () => {
        const data = await comments();
        return data.total === 0 && data.list.length === 0;
      });
    }, 30_000);

    it('counts its Like under the essay', async () => {
      await bot.control('POST', '/like', { object: essayUrl });
      await eventually(async () => (await comments()).reactions.likes === 1);
    }, 30_000);

    it('refuses its reply with 403 once the owner blocks its domain, and shows nothing', async () => {
      const blocked = await api('POST', '/federation/block', { target: new URL(bot.origin).hostname });
      expect(blocked.json().data).toEqual({ comments: 0, reactions: 1 });
      const since = Date.now();
      await bot.control('POST', '/reply', { inReplyTo: essayUrl, content: 'blocked' });
      await eventually(() => deliveries(since).some((r) => r.status === 403));
      expect(deliveries(since).every((r) => r.status !== 202 && r.status !== 200)).toBe(true);
      const page = await comments();
      expect(page.total).toBe(0);
      expect(page.reactions.likes).toBe(0);
    }, 30_000);
  },
);
