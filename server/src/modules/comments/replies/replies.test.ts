import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asOwner, saveEmailChannel, testOwnerGuard } from '../../../../test/contentFactories.ts';
import {
  type FakePushTargets,
  type FakeSmtp,
  startFakePushTargets,
  startFakeSmtp,
} from '../../../../test/fakes/pushTargets.ts';
import { createTestApp, type TestApp } from '../../../../test/harness.ts';
import { commentClient, insertEssay, testMaxNumber } from '../testKit.ts';
import { createReplyRepo } from './repo.ts';
import { makeBrowserKeys } from './testKit.ts';

const HOUR = 3600_000;

describe('replies reach the visitor', () => {
  let t: TestApp;
  let fake: FakePushTargets;
  let smtp: FakeSmtp;
  let client: ReturnType<typeof commentClient>;
  let essayId: number;

  beforeAll(async () => {
    [fake, smtp] = await Promise.all([startFakePushTargets(), startFakeSmtp()]);
    t = await createTestApp({
      ownerGuard: testOwnerGuard,
      env: { SITE_DOMAINS: 'candy.example', PUSH_ALLOW_LOOPBACK: 'true' },
    });
    client = commentClient(t);
    essayId = await insertEssay(t);
    await saveEmailChannel(t, smtp.port);
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([fake.close(), smtp.close()]);
  });
  beforeEach(() => {
    fake.received.length = 0;
    fake.statusFor.clear();
    smtp.messages.length = 0;
    // Past the one-comment-per-10-seconds limit of the last test's posts.
    t.clock.advance(60_000);
  });

  const pending = () => createReplyRepo(t.database.db).countPending();
  /** Runs the reply-notices job until its queue is empty (the test never waits on a timer). */
  const settle = async () => {
    const { scheduler } = t.modules;
    for (let round = 0; round < 100 && (await pending()) > 0; round += 1) {
      await scheduler.runNow('reply-notices', 'change');
      await scheduler.idle();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await scheduler.idle();
    expect(await pending()).toBe(0);
  };

  const subscribe = (uuid: string, body: object) =>
    t.server.inject({
      method: 'POST',
      url: '/api/blog/comment/push/subscription',
      headers: { 'x-uuid': uuid },
      payload: body,
    });
  const subscribeBrowser = async (uuid: string, path: string) => {
    const browser = makeBrowserKeys();
    const res = await subscribe(uuid, { endpoint: `${fake.base}${path}`, keys: browser.keys });
    expect(res.json()).toEqual({ code: 0, data: { subscribed: true } });
    return browser;
  };
  const comment = async (uuid: string, fields: Record<string, unknown> = {}) => {
    const res = await client.post(
      { targetType: 'essay', targetId: essayId, content: `${uuid} 的评论`, ...fields },
      { uuid },
    );
    expect(res.json().code, res.body).toBe(0);
    return res.json().data as { id: number };
  };
  const ownerReply = async (parentId: number, content = '谢谢你的评论') => {
    const res = await client.post(
      { targetType: 'essay', targetId: essayId, content, parentId },
      { owner: true },
    );
    expect(res.json().code, res.body).toBe(0);
    return res.json().data as { id: number };
  };
  /** Mails to visitors (the owner's own notices of new comments go to me@candy.example). */
  const visitorMails = () => smtp.messages.filter((m) => !m.to.includes('me@candy.example'));
  const pushesTo = (path: string) => fake.received.filter((r) => r.path === path);

  it('answers the same VAPID public key the owner’s Web Push uses', async () => {
    const key = (await t.server.inject({ method: 'GET', url: '/api/blog/comment/push/key' })).json();
    const owner = (
      await t.server.inject({ method: 'GET', url: '/api/message/channel', headers: asOwner })
    ).json();
    expect(key.data.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(key.data.vapidPublicKey).toBe(owner.data.vapidPublicKey);
    // Issue 41.10: with the SMTP server set up, the comment form may offer the mail opt-in.
    expect(key.data.mail).toBe(true);
  });

  it('pushes a reply to the author’s browser, encrypted for it: title, body and the reply’s address', async () => {
    const browser = await subscribeBrowser('visitor-a', '/wp/visitor-a');
    const mine = await comment('visitor-a', { guestName: '小明' });
    const reply = await ownerReply(mine.id, '欢迎常来');
    await settle();
    const [pushed] = pushesTo('/wp/visitor-a');
    expect(pushed?.headers['content-encoding']).toBe('aes128gcm');
    expect(pushed?.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(pushed?.body.toString('utf8')).not.toContain('欢迎常来');
    expect(JSON.parse(browser.decrypt(pushed?.body ?? Buffer.alloc(0)))).toEqual({
      title: '博主 回复了你的评论',
      body: '欢迎常来',
      url: `https://candy.example/chaos/${essayId}#comment-${reply.id}`,
    });
    const status = await t.server.inject({
      method: 'GET',
      url: `/api/blog/comment/push/subscription?endpoint=${encodeURIComponent(`${fake.base}/wp/visitor-a`)}`,
      headers: { 'x-uuid': 'visitor-a' },
    });
    expect(status.json().data).toEqual({ subscribed: true });
  });

  it('does not answer the reply before the notice goes out (it is queued for the job)', async () => {
    await subscribeBrowser('visitor-q', '/wp/visitor-q');
    const mine = await comment('visitor-q');
    fake.statusFor.set('/wp/visitor-q', 500);
    await ownerReply(mine.id);
    // The push service fails: the reply stood, the notice waits for a retry.
    await t.modules.scheduler.runNow('reply-notices', 'change');
    await t.modules.scheduler.idle();
    await expect.poll(() => pushesTo('/wp/visitor-q').length).toBe(1);
    expect(await pending()).toBe(1);
    fake.statusFor.clear();
    t.clock.advance(2 * 60_000);
    await settle();
    expect(pushesTo('/wp/visitor-q')).toHaveLength(2);
  });

  it('does not notify you of a reply to your own comment', async () => {
    await subscribeBrowser('visitor-b', '/wp/visitor-b');
    const mine = await comment('visitor-b', { guestEmail: 'b@example.com', notifyByEmail: true });
    t.clock.advance(60_000);
    await comment('visitor-b', { parentId: mine.id, content: '补充一句' });
    await settle();
    expect(pushesTo('/wp/visitor-b')).toHaveLength(0);
    expect(visitorMails()).toHaveLength(0);
  });

  it('mails a reply once per thread an hour, with a working one-click unsubscribe link', async () => {
    const mine = await comment('visitor-c', { guestEmail: 'Reader@Example.com', notifyByEmail: true });
    await ownerReply(mine.id, '第一条回复');
    await settle();
    expect(visitorMails()).toHaveLength(1);
    const mail = visitorMails()[0];
    expect(mail?.to).toEqual(['reader@example.com']);
    expect(mail?.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link =
      /^List-Unsubscribe: <(https:\/\/candy\.example\/api\/blog\/comment\/unsubscribe\?[^>]+)>$/m.exec(
        mail?.raw.replace(/\r\n[ \t]+/g, ' ') ?? '',
      )?.[1];
    expect(link).toBeDefined();

    // A second reply within the hour: no second mail.
    t.clock.advance(60_000);
    await ownerReply(mine.id, '第二条回复');
    await settle();
    expect(visitorMails()).toHaveLength(1);

    // An hour on, the next reply is mailed again.
    t.clock.advance(HOUR);
    await ownerReply(mine.id, '一小时后');
    await settle();
    expect(visitorMails()).toHaveLength(2);

    // Following the link: a page asking to confirm (GET changes nothing), then the one-click POST.
    const path = (link as string).replace('https://candy.example', '');
    const page = await t.server.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('确认退订');
    expect(page.body).toContain('reader@example.com');
    const done = await t.server.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('已退订');

    t.clock.advance(HOUR);
    await ownerReply(mine.id, '退订之后');
    await settle();
    expect(visitorMails()).toHaveLength(2);
  });

  it('mails nobody who did not tick 有回复时邮件通知我, and never shows the address', async () => {
    const mine = await comment('visitor-d', { guestEmail: 'quiet@example.com' });
    await ownerReply(mine.id);
    await settle();
    expect(visitorMails()).toHaveLength(0);
    const listed = await client.list({ targetType: 'essay', targetId: essayId }, { uuid: 'someone-else' });
    expect(listed.body).not.toContain('@example.com');
  });

  it('refuses an unsubscribe link whose signature is wrong with 4030', async () => {
    const forged =
      '/api/blog/comment/unsubscribe?email=reader%40example.com&sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
    const get = await t.server.inject({ method: 'GET', url: forged });
    expect(get.statusCode).toBe(403);
    expect(get.json().code).toBe(4030);
    const post = await t.server.inject({ method: 'POST', url: forged });
    expect(post.json().code).toBe(4030);
  });

  it.each([
    ['plain http to a public host', { endpoint: 'http://push.example.com/x' }, 'endpoint'],
    ['https into a private network', { endpoint: 'https://10.1.2.3/x' }, 'endpoint'],
    ['not an address', { endpoint: 'nonsense' }, 'endpoint'],
    [
      'a key that is not a P-256 point',
      { keys: { p256dh: 'AAAA', auth: 'AAAAAAAAAAAAAAAAAAAAAA' } },
      'keys.p256dh',
    ],
    ['a short auth secret', { keys: { auth: 'AAAA' } }, 'keys.auth'],
  ])('refuses a subscription with %s (4000)', async (_name, change, property) => {
    const good = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', keys: makeBrowserKeys().keys };
    const body = { ...good, ...change, keys: { ...good.keys, ...('keys' in change ? change.keys : {}) } };
    const res = await subscribe('visitor-e', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 4000, errors: [expect.objectContaining({ property })] });
  });

  it('limits subscriptions from one address (4290)', async () => {
    const from = (n: number) =>
      t.server.inject({
        method: 'POST',
        url: '/api/blog/comment/push/subscription',
        headers: { 'x-uuid': `flood-${n}` },
        remoteAddress: '10.77.0.1',
        payload: { endpoint: `https://fcm.googleapis.com/fcm/send/flood-${n}`, keys: makeBrowserKeys().keys },
      });
    for (let n = 0; n < 20; n += 1) expect((await from(n)).json().code).toBe(0);
    const refused = await from(20);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe(4290);
  });

  it('drops a browser the push service says is gone (410)', async () => {
    await subscribeBrowser('visitor-f', '/wp/visitor-f');
    const mine = await comment('visitor-f');
    fake.statusFor.set('/wp/visitor-f', 410);
    await ownerReply(mine.id);
    await settle();
    expect(pushesTo('/wp/visitor-f')).toHaveLength(1);
    const rows = await t.database.db
      .selectFrom('visitor_push_subscription')
      .selectAll()
      .where('uuid', '=', 'visitor-f')
      .execute();
    expect(rows).toHaveLength(0);
  });

  it('unsubscribes the browser when the bell is pressed again', async () => {
    await subscribeBrowser('visitor-g', '/wp/visitor-g');
    const off = await t.server.inject({
      method: 'DELETE',
      url: '/api/blog/comment/push/subscription',
      headers: { 'x-uuid': 'visitor-g' },
      payload: { endpoint: `${fake.base}/wp/visitor-g` },
    });
    expect(off.json()).toEqual({ code: 0, data: { subscribed: false } });
    const mine = await comment('visitor-g');
    await ownerReply(mine.id);
    await settle();
    expect(pushesTo('/wp/visitor-g')).toHaveLength(0);
  });

  it('keeps the owner’s own Web Push working beside the visitors’', async () => {
    const owner = makeBrowserKeys();
    expect(
      (
        await t.server.inject({
          method: 'PUT',
          url: '/api/message/channel/webpush',
          headers: asOwner,
          payload: { enabled: true, settings: { subject: 'mailto:me@candy.example' } },
        })
      ).json().code,
    ).toBe(0);
    const subscribed = await t.server.inject({
      method: 'POST',
      url: '/api/message/webpush/subscription',
      headers: asOwner,
      payload: { endpoint: `${fake.base}/wp/owner`, keys: owner.keys },
    });
    expect(subscribed.json().code).toBe(0);
    const visitor = await subscribeBrowser('visitor-h', '/wp/visitor-h');
    const mine = await comment('visitor-h', { content: '博主好' });
    await expect.poll(() => pushesTo('/wp/owner').length).toBe(1);
    expect(JSON.parse(owner.decrypt(pushesTo('/wp/owner')[0]?.body ?? Buffer.alloc(0)))).toMatchObject({
      title: '新评论：匿名',
      body: '博主好',
    });
    // The visitor is not told of their own new comment, only of the reply.
    await settle();
    expect(pushesTo('/wp/visitor-h')).toHaveLength(0);
    const reply = await ownerReply(mine.id);
    await settle();
    expect(JSON.parse(visitor.decrypt(pushesTo('/wp/visitor-h')[0]?.body ?? Buffer.alloc(0))).url).toBe(
      `https://candy.example/chaos/${essayId}#comment-${reply.id}`,
    );
    // The owner's reply is no news to the owner.
    expect(pushesTo('/wp/owner')).toHaveLength(1);
  });
  it('tells nobody of a reply held for review until the owner approves it', async () => {
    const settings = (moderation: string) =>
      t.server.inject({
        method: 'PUT',
        url: '/api/blog/comment/settings',
        headers: asOwner,
        payload: { moderation, heldWords: [], powMaxNumber: testMaxNumber },
      });
    await subscribeBrowser('visitor-h', '/wp/visitor-h');
    const mine = await comment('visitor-h');
    expect((await settings('all')).json().code).toBe(0);
    try {
      t.clock.advance(60_000);
      const reply = await client.post(
        { targetType: 'essay', targetId: essayId, content: '一条要审核的回复', parentId: mine.id },
        { uuid: 'visitor-r' },
      );
      expect(reply.json().data.held).toBe(true);
      await settle();
      expect(pushesTo('/wp/visitor-h')).toHaveLength(0);

      const approved = await t.server.inject({
        method: 'POST',
        url: '/api/blog/comment/moderate',
        headers: asOwner,
        payload: { ids: [reply.json().data.id], action: 'approve' },
      });
      expect(approved.json()).toEqual({ code: 0, data: { count: 1 } });
      await settle();
      expect(pushesTo('/wp/visitor-h')).toHaveLength(1);
    } finally {
      await settings('none');
    }
  });
});
