import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { startWebmentionSite, type WebmentionSite } from '../../../test/fakes/webmentionSite.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createWebmentionRepo } from './repo.ts';

const SITE = 'http://127.0.0.1:4321';

/**
 * Receiving and sending Webmentions against somebody else's site: a real HTTP server on 127.0.0.1
 * with pages that link (or not) to our essays, and an endpoint that records what we send it.
 */
describe('Webmention', () => {
  let t: TestApp;
  let site: WebmentionSite;

  beforeAll(async () => {
    site = await startWebmentionSite();
    t = await createTestApp({
      ownerGuard: testOwnerGuard,
      env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1', SITE_URL: SITE },
    });
  });
  afterAll(async () => {
    await t.close();
    await site.close();
  });
  beforeEach(() => {
    site.pages.clear();
    site.received.length = 0;
  });

  const owner = async (method: 'POST' | 'PUT', url: string, payload: object) => {
    const res = await t.server.inject({ method, url: `/api${url}`, headers: asOwner, payload });
    expect(res.json().code, res.body).toBe(0);
    return res.json().data as { id: number };
  };
  const newEssay = async (content = '一篇随笔', hide = false) =>
    (await owner('POST', '/blog/essay', { content, hide })).id;
  const mention = (form: Record<string, string>, remote = '127.0.0.1') =>
    t.server.inject({
      method: 'POST',
      url: '/api/webmention',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
      remoteAddress: remote,
    });
  const run = async (job: 'webmention-verify' | 'webmention-send') => {
    await t.modules.scheduler.idle();
    await t.modules.scheduler.runNow(job, 'change');
    await t.modules.scheduler.idle();
  };
  const received = (id: number) =>
    t.database.db
      .selectFrom('webmention_received')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const essayUrl = (id: number) => `${SITE}/chaos/${id}`;
  /** The essay's public thread: what a visitor's page shows under it. */
  const thread = async (id: number) => {
    const res = await t.server.inject({
      method: 'GET',
      url: `/api/blog/comment?targetType=essay&targetId=${id}`,
    });
    return res.json().data as {
      list: {
        name: string;
        content: string;
        source: string;
        authorUrl: string | null;
        avatarUrl: string | null;
      }[];
      reactions: { likes: number; reposts: number };
    };
  };
  const replyPage = (target: string, text = '说得好') =>
    `<!doctype html><html><body><article class="h-entry">
      <div class="p-author h-card"><a class="u-url p-name" href="https://alice.example/">Alice</a><img class="u-photo" src="/me.png" alt=""></div>
      <a class="u-in-reply-to" href="${target}">回复</a>
      <div class="e-content">${text}<script>alert(1)</script></div>
    </article></body></html>`;

  describe('receiving', () => {
    it('answers 202 with the envelope, and a source that links becomes a verified reply', async () => {
      const id = await newEssay();
      site.pages.set('/reply', { body: replyPage(essayUrl(id), '<b>说得好</b>') });
      const res = await mention({ source: `${site.origin}/reply`, target: essayUrl(id) });
      expect(res.statusCode).toBe(202);
      expect(res.json()).toMatchObject({ code: 0, data: { status: 'pending' } });
      await run('webmention-verify');
      expect(await received(res.json().data.id)).toMatchObject({
        status: 'verified',
        kind: 'reply',
        author_name: 'Alice',
        author_url: 'https://alice.example/',
        author_photo: `${site.origin}/me.png`,
        content: '说得好',
      });
      // A reaction under the essay, in the one comment thread: the remote author, text only.
      expect((await thread(id)).list).toEqual([
        expect.objectContaining({
          name: 'Alice',
          content: '说得好',
          source: 'webmention',
          authorUrl: 'https://alice.example/',
          avatarUrl: `${site.origin}/me.png`,
        }),
      ]);
    });

    it('takes a mention of an essay by an old address of ours that answers 301 to it (issue 41.18)', async () => {
      const id = await newEssay();
      // The essay's address of before issue 23, and an old site's address an import redirects.
      await t.database.db
        .insertInto('import_redirect')
        .values({
          old_path: '/2019/05/old-post', // stored normalised, as the importer does
          target_path: `/chaos/${id}`,
          platform: 'hugo',
          source_id: 'old-post',
          created_at: t.clock.now,
        })
        .execute();
      for (const [n, target] of [`${SITE}/chaos?id=${id}`, `${SITE}/2019/05/old-post/`].entries()) {
        const res = await mention({ source: `https://old-links.example/${n}`, target });
        expect(res.statusCode, target).toBe(202);
        expect(await received(res.json().data.id)).toMatchObject({
          target,
          target_type: 'essay',
          target_id: id,
        });
      }
      // An old address that leads nowhere is still refused, on the target.
      const nowhere = await mention({ source: 'https://old-links.example/x', target: `${SITE}/2018/gone/` });
      expect(nowhere.statusCode).toBe(400);
      expect(nowhere.json().errors.map((e: { property: string }) => e.property)).toEqual(['target']);
    });

    it('keeps text that looks like markup as text', async () => {
      const id = await newEssay();
      site.pages.set('/sly', { body: replyPage(essayUrl(id), '&lt;img src=x onerror=alert(1)&gt; 你好') });
      await mention({ source: `${site.origin}/sly`, target: essayUrl(id) });
      await run('webmention-verify');
      const [comment] = (await thread(id)).list;
      expect(comment?.content).toBe('<img src=x onerror=alert(1)> 你好');
      // The page escapes comment text when it shows it (CommentText): the characters stay characters.
    });

    it('rejects a source that does not link to the target, after verification', async () => {
      const id = await newEssay();
      site.pages.set('/unrelated', {
        body: '<html><body><a href="https://else.example/">别处</a></body></html>',
      });
      const res = await mention({ source: `${site.origin}/unrelated`, target: essayUrl(id) });
      expect(res.statusCode).toBe(202);
      await run('webmention-verify');
      expect(await received(res.json().data.id)).toMatchObject({ status: 'rejected', kind: null });
      expect((await thread(id)).list).toEqual([]);
    });

    it('takes the earlier mention away when the source stops linking (an update)', async () => {
      const id = await newEssay();
      site.pages.set('/like', {
        body: `<html><body><div class="h-entry"><a class="u-like-of" href="${essayUrl(id)}">赞</a></div></body></html>`,
      });
      const first = await mention({ source: `${site.origin}/like`, target: essayUrl(id) });
      await run('webmention-verify');
      expect(await received(first.json().data.id)).toMatchObject({ status: 'verified', kind: 'like' });
      expect((await thread(id)).reactions).toEqual({ likes: 1, reposts: 0 });
      site.pages.set('/like', { body: '<html><body><p>改主意了</p></body></html>' });
      const again = await mention({ source: `${site.origin}/like`, target: essayUrl(id) });
      expect(again.json().data.id).toBe(first.json().data.id);
      await run('webmention-verify');
      expect(await received(first.json().data.id)).toMatchObject({ status: 'rejected', kind: null });
      expect((await thread(id)).reactions).toEqual({ likes: 0, reposts: 0 });
    });

    it('a reply edited into a repost moves from the comments to the counts', async () => {
      const id = await newEssay();
      site.pages.set('/turn', { body: replyPage(essayUrl(id), '先回复') });
      await mention({ source: `${site.origin}/turn`, target: essayUrl(id) });
      await run('webmention-verify');
      expect((await thread(id)).list).toHaveLength(1);
      site.pages.set('/turn', {
        body: `<html><body><div class="h-entry"><a class="u-repost-of" href="${essayUrl(id)}">转</a></div></body></html>`,
      });
      await mention({ source: `${site.origin}/turn`, target: essayUrl(id) });
      await run('webmention-verify');
      const after = await thread(id);
      expect(after.list).toEqual([]);
      expect(after.reactions).toEqual({ likes: 0, reposts: 1 });
    });

    it('a source that answers 410 Gone is a deleted mention', async () => {
      const id = await newEssay();
      site.pages.set('/gone', { status: 410 });
      const res = await mention({ source: `${site.origin}/gone`, target: essayUrl(id) });
      await run('webmention-verify');
      expect(await received(res.json().data.id)).toMatchObject({ status: 'gone' });
      expect((await thread(id)).list).toEqual([]);
    });

    it('retries a source it cannot reach, then gives up', async () => {
      const id = await newEssay();
      const res = await mention({ source: 'http://127.0.0.1:9/down', target: essayUrl(id) });
      await run('webmention-verify');
      const first = await received(res.json().data.id);
      expect(first).toMatchObject({ status: 'pending', attempts: 1, next_check_at: t.clock.now + 60_000 });
      expect(first.error).toBeTruthy();
      for (const wait of [60_000, 10 * 60_000, 60 * 60_000]) {
        t.clock.advance(wait);
        await run('webmention-verify');
      }
      expect(await received(res.json().data.id)).toMatchObject({
        status: 'failed',
        attempts: 4,
        next_check_at: null,
      });
    });

    it.each([
      ['a source that is not a URL', { source: 'not a url', target: 'TARGET' }, 'source'],
      ['a non-http(s) source', { source: 'ftp://a.example/x', target: 'TARGET' }, 'source'],
      [
        'a target that is not ours',
        { source: 'https://a.example/x', target: 'https://else.example/chaos/1' },
        'target',
      ],
      ['source and target the same', { source: 'TARGET', target: 'TARGET' }, 'source'],
      [
        'a page of ours that takes no mentions',
        { source: 'https://a.example/x', target: `${SITE}/about` },
        'target',
      ],
      ['an essay nobody may read', { source: 'https://a.example/x', target: 'HIDDEN' }, 'target'],
      ['a missing field', { source: 'https://a.example/x' }, 'target'],
    ])('refuses %s with 4000 (HTTP 400)', async (_name, form, property) => {
      const target = essayUrl(await newEssay());
      const hidden = essayUrl(await newEssay('藏起来', true));
      const filled = Object.fromEntries(
        Object.entries(form).map(([k, v]) => [k, v.replace('TARGET', target).replace('HIDDEN', hidden)]),
      );
      const res = await mention(filled);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 4000, data: null });
      expect(res.json().errors.map((e: { property: string }) => e.property)).toEqual([property]);
    });

    it('limits each source host, whoever sends', async () => {
      const target = essayUrl(await newEssay());
      const statuses: number[] = [];
      for (let i = 0; i < 11; i += 1)
        statuses.push(
          (await mention({ source: `https://flood.example/${i}`, target }, `10.0.0.${i}`)).statusCode,
        );
      expect(statuses.slice(0, 10).every((s) => s === 202)).toBe(true);
      const refused = await mention({ source: 'https://flood.example/last', target });
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe(4290);
      expect(refused.headers['retry-after']).toBeDefined();
      // Another host is not held back by the flood.
      expect((await mention({ source: 'https://calm.example/1', target })).statusCode).toBe(202);
    });
  });

  describe('sending', () => {
    const withEndpoint = (path: string) =>
      site.pages.set(path, {
        headers: { link: '</endpoint>; rel="webmention"' },
        body: '<html><body>对方的文章</body></html>',
      });

    it('sends a Webmention to a linked page that advertises an endpoint, once per link', async () => {
      withEndpoint('/post');
      site.pages.set('/plain', { body: '<html><body>没有端点</body></html>' });
      const content = `看看 [这篇](${site.origin}/post) 和 ${site.origin}/plain`;
      const id = await newEssay(content);
      await run('webmention-send');
      expect(site.received.map((r) => [r.path, r.form])).toEqual([
        ['/endpoint', { source: essayUrl(id), target: `${site.origin}/post` }],
      ]);
      expect(site.received[0]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
      const rows = await createWebmentionRepo(t.database.db).sentFor(id);
      expect(rows.map((r) => [r.target, r.status]).sort()).toEqual([
        [`${site.origin}/plain`, 'none'],
        [`${site.origin}/post`, 'sent'],
      ]);

      // An edit that keeps the link sends nothing again.
      await owner('PUT', `/blog/essay/${id}`, { content: `${content}\n\n补一句。` });
      await run('webmention-send');
      expect(site.received).toHaveLength(1);

      // Taking the link out tells the page once more (it then finds the link gone).
      await owner('PUT', `/blog/essay/${id}`, { content: '链接删掉了' });
      await run('webmention-send');
      expect(site.received).toHaveLength(2);
      expect(site.received[1]?.form).toEqual({ source: essayUrl(id), target: `${site.origin}/post` });
    });

    it('sends for a reserved essay when it comes due, not before', async () => {
      withEndpoint('/later');
      const due = t.clock.now + 60_000;
      const { id } = await owner('POST', '/blog/essay', {
        content: `${site.origin}/later`,
        reservation: due,
      });
      await run('webmention-send');
      expect(site.received).toHaveLength(0);
      t.clock.advance(60_000);
      await t.modules.reservations.publishDue();
      await run('webmention-send');
      expect(site.received.map((r) => r.form)).toEqual([
        { source: essayUrl(id), target: `${site.origin}/later` },
      ]);
    });

    it('sends nothing for a hidden essay', async () => {
      withEndpoint('/secret');
      await newEssay(`${site.origin}/secret`, true);
      await run('webmention-send');
      expect(site.received).toHaveLength(0);
    });

    it('tells a page once more when the essay that linked it is hidden', async () => {
      withEndpoint('/told');
      const content = `${site.origin}/told`;
      const id = await newEssay(content);
      await run('webmention-send');
      expect(site.received).toHaveLength(1);
      await owner('PUT', `/blog/essay/${id}`, { content, hide: true });
      await run('webmention-send');
      expect(site.received).toHaveLength(2);
      // Hidden and edited again: nothing more.
      await owner('PUT', `/blog/essay/${id}`, { content: `${content} 改`, hide: true });
      await run('webmention-send');
      expect(site.received).toHaveLength(2);
    });
  });
});
