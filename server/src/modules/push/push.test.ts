import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ChannelResult, ChannelView, PushMessage } from '@candy/contract/calls/push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asOwner, insertEssays, testOwnerGuard } from '../../../test/contentFactories.ts';
import {
  type FakePushTargets,
  type FakeSmtp,
  startFakePushTargets,
  startFakeSmtp,
} from '../../../test/fakes/pushTargets.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createJobRepo } from '../../jobs/repo.ts';
import { createScheduler } from '../../jobs/scheduler.ts';
import { createOwner, login } from '../auth/testing.ts';
import { proofFor } from '../comments/testKit.ts';

/** A port nothing listens on: a connection there is refused at once. */
const closedPort = async (): Promise<number> => {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
};

/** A browser's subscription as PushManager hands it out: a P-256 public key and 16 auth bytes. */
const browserSubscription = (endpoint: string) => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
};

describe('message push', () => {
  let t: TestApp;
  let fake: FakePushTargets;
  let smtp: FakeSmtp;
  beforeAll(async () => {
    [fake, smtp] = await Promise.all([startFakePushTargets(), startFakeSmtp()]);
    t = await createTestApp({
      ownerGuard: testOwnerGuard,
      env: {
        SITE_DOMAINS: 'candy.example',
        OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1',
        PUSH_ALLOW_LOOPBACK: 'true',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([fake.close(), smtp.close()]);
  });
  beforeEach(() => {
    fake.received.length = 0;
    fake.statusFor.clear();
    smtp.messages.length = 0;
  });

  const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    t.server.inject({ method, url: `/api${url}`, headers: asOwner, ...(payload ? { payload } : {}) });
  const save = async (channel: string, settings: Record<string, string>, enabled = true) =>
    api('PUT', `/message/channel/${channel}`, { enabled, settings });
  const configureAll = async () => {
    const all: Record<string, Record<string, string>> = {
      webhook: { url: `${fake.base}/hook`, token: 'webhook-secret-token' },
      ntfy: { server: fake.base, topic: 'candy', token: '' },
      bark: { server: fake.base, deviceKey: 'bark-device-key-1234' },
      gotify: { server: fake.base, token: 'gotify-app-token-5678' },
      email: {
        host: '127.0.0.1',
        port: String(smtp.port),
        secure: 'false',
        user: 'mailer',
        pass: 'smtp-password-9999',
        from: 'site@candy.example',
        to: 'me@candy.example',
      },
      webpush: { subject: 'mailto:me@candy.example' },
    };
    for (const [channel, settings] of Object.entries(all)) {
      const res = await save(channel, settings);
      expect(res.json().code, `${channel}: ${res.body}`).toBe(0);
    }
    expect(
      (
        await api('POST', '/message/webpush/subscription', browserSubscription(`${fake.base}/wp/browser-1`))
      ).json(),
    ).toEqual({
      code: 0,
      data: { subscriptions: 1 },
    });
  };
  const resultsOf = (body: { data: { results: ChannelResult[] } }) =>
    Object.fromEntries(
      body.data.results.map((r) => [r.channel, r.outcome === 'ok' ? 'ok' : `${r.outcome}: ${r.detail}`]),
    );
  const history = async () => (await api('GET', '/message/history')).json().data as PushMessage[];

  it('lists every channel unconfigured, with one VAPID key made once', async () => {
    const first = (await api('GET', '/message/channel')).json().data;
    expect(first.channels.map((c: ChannelView) => [c.channel, c.configured])).toEqual([
      ['webhook', false],
      ['ntfy', false],
      ['bark', false],
      ['gotify', false],
      ['email', false],
      ['webpush', false],
    ]);
    expect(first.vapidPublicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect((await api('GET', '/message/channel')).json().data.vapidPublicKey).toBe(first.vapidPublicKey);
    expect(first.linkBase).toBe('https://candy.example');
  });

  it('keeps the newest 100 messages', async () => {
    for (let n = 0; n < 104; n += 1)
      await t.modules.push.notify({ kind: 'system', title: `第 ${n} 条`, body: '' });
    const kept = await history();
    expect(kept).toHaveLength(100);
    expect(kept[0]?.title).toBe('第 103 条');
    expect(kept.at(-1)?.title).toBe('第 4 条');
  });

  it('refuses bad settings naming the field, and never answers a secret in full', async () => {
    const bad = await save('ntfy', { server: 'ftp://nope', topic: 'candy' });
    expect(bad.json()).toMatchObject({
      code: 4000,
      errors: [expect.objectContaining({ property: 'settings.server' })],
    });
    const unknown = await save('bark', { deviceKey: 'x', colour: 'red' });
    expect(unknown.json()).toMatchObject({
      code: 4000,
      errors: [expect.objectContaining({ property: 'settings.colour' })],
    });
    expect((await api('PUT', '/message/channel/pigeon', { enabled: true, settings: {} })).json().code).toBe(
      4000,
    );

    const saved = (await save('gotify', { server: fake.base, token: 'gotify-app-token-5678' })).json()
      .data as ChannelView;
    expect(saved).toMatchObject({ configured: true, secretsSet: ['token'], settings: { token: '••••5678' } });
    // Saved again with the secret empty (or still masked): the stored one stays.
    await save('gotify', { server: fake.base, token: '' });
    await save('gotify', { server: fake.base, token: '••••5678' });
    const listed = (await api('GET', '/message/channel')).json();
    expect(JSON.stringify(listed)).not.toContain('gotify-app-token-5678');
    const test = await api('POST', '/message/gotify.test', { title: '测试' });
    expect(resultsOf(test.json())).toEqual({ gotify: 'ok' });
    expect(fake.received[0]?.headers['x-gotify-key']).toBe('gotify-app-token-5678');
  });

  it('delivers to every channel with each service’s documented request shape', async () => {
    await configureAll();
    const res = await api('POST', '/message/all.send', {
      title: '新评论',
      body: '有人说：你好',
      url: '/chaos#3',
      level: 'warning',
    });
    expect(resultsOf(res.json())).toEqual({
      webhook: 'ok',
      ntfy: 'ok',
      bark: 'ok',
      gotify: 'ok',
      email: 'ok',
      webpush: 'ok',
    });
    const at = (path: string) => fake.received.find((r) => r.path === path);
    const click = 'https://candy.example/chaos#3';
    expect(at('/hook')).toMatchObject({
      method: 'POST',
      headers: expect.objectContaining({
        authorization: 'Bearer webhook-secret-token',
        'content-type': 'application/json',
      }),
      json: { title: '新评论', body: '有人说：你好', url: click, level: 'warning', kind: 'manual' },
    });
    expect(at('/')?.json).toEqual({
      topic: 'candy',
      title: '新评论',
      message: '有人说：你好',
      priority: 4,
      tags: ['manual'],
      click,
    });
    expect(at('/push')?.json).toEqual({
      device_key: 'bark-device-key-1234',
      title: '新评论',
      body: '有人说：你好',
      group: '糖果罐',
      level: 'active',
      url: click,
    });
    expect(at('/message')).toMatchObject({
      headers: expect.objectContaining({ 'x-gotify-key': 'gotify-app-token-5678' }),
      json: {
        title: '新评论',
        message: '有人说：你好',
        priority: 6,
        extras: { 'client::notification': { click: { url: click } } },
      },
    });
    const pushed = at('/wp/browser-1');
    expect(pushed?.headers['content-encoding']).toBe('aes128gcm');
    expect(pushed?.headers.authorization).toMatch(/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/);
    expect(pushed?.headers.ttl).toBe('86400');
    // Encrypted: the title is not readable on the wire.
    expect(pushed?.body.length).toBeGreaterThan(0);
    expect(pushed?.body.toString('utf8')).not.toContain('新评论');
    expect(smtp.messages).toHaveLength(1);
    expect(smtp.messages[0]).toMatchObject({
      from: 'site@candy.example',
      to: ['me@candy.example'],
      user: 'mailer',
    });
    expect(smtp.messages[0]?.raw).toMatch(/Subject: =\?UTF-8\?/);
    expect(smtp.messages[0]?.raw).toContain(click);
  });

  it('reports a failing channel for itself while the others deliver', async () => {
    await configureAll();
    fake.statusFor.set('/', 500);
    await save('gotify', { server: `http://127.0.0.1:${await closedPort()}`, token: '' });
    const res = await api('POST', '/message/all.test', { title: '坏掉一个' });
    const results = resultsOf(res.json());
    expect(results.ntfy).toMatch(/^failed: HTTP 500/);
    expect(results.gotify).toMatch(/^failed: /);
    expect(results).toMatchObject({ webhook: 'ok', bark: 'ok', email: 'ok', webpush: 'ok' });
    // The history keeps the result per channel.
    const [latest] = await history();
    expect(latest).toMatchObject({ title: '坏掉一个', kind: 'test' });
    expect(latest?.results.find((r) => r.channel === 'ntfy')?.outcome).toBe('failed');
    await save('gotify', { server: fake.base, token: '' });
  });

  it('sends only to enabled channels; a test tries a disabled one too', async () => {
    await configureAll();
    await save('bark', { server: fake.base, deviceKey: '' }, false);
    const sent = resultsOf((await api('POST', '/message/all.send', { title: 'x' })).json());
    expect(sent.bark).toBe('skipped: 已停用');
    const tested = resultsOf((await api('POST', '/message/bark.test', { title: 'x' })).json());
    expect(tested).toEqual({ bark: 'ok' });
    await save('bark', { server: fake.base, deviceKey: '' }, true);
  });

  it('drops a browser whose subscription the push service says is gone', async () => {
    await configureAll();
    fake.statusFor.set('/wp/browser-1', 410);
    const results = resultsOf((await api('POST', '/message/webpush.test', { title: 'x' })).json());
    expect(results.webpush).toMatch(/^failed: HTTP 410/);
    expect((await api('GET', '/message/channel')).json().data.subscriptions).toBe(0);
  });

  it('lists the subscribed browsers by name and removes any of them, not only the one asking', async () => {
    const phone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
    const laptop = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const subscribe = (endpoint: string, userAgent: string) =>
      t.server.inject({
        method: 'POST',
        url: '/api/message/webpush/subscription',
        headers: { ...asOwner, 'user-agent': userAgent },
        payload: browserSubscription(endpoint),
      });
    await subscribe('https://web.push.apple.com/sub-phone', phone);
    await subscribe('https://updates.push.services.mozilla.com/sub-laptop', laptop);
    const listed = (await api('GET', '/message/webpush/subscription')).json().data;
    expect(listed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ service: 'web.push.apple.com', browser: 'Safari', os: 'iOS' }),
        expect.objectContaining({
          service: 'updates.push.services.mozilla.com',
          browser: 'Firefox',
          os: 'Linux',
        }),
      ]),
    );
    await api('DELETE', '/message/webpush/subscription', {
      endpoint: 'https://web.push.apple.com/sub-phone',
    });
    const left = (await api('GET', '/message/webpush/subscription')).json().data as { endpoint: string }[];
    expect(left.map((row) => row.endpoint)).not.toContain('https://web.push.apple.com/sub-phone');
    expect(left.map((row) => row.endpoint)).toContain('https://updates.push.services.mozilla.com/sub-laptop');
    await api('DELETE', '/message/webpush/subscription', {
      endpoint: 'https://updates.push.services.mozilla.com/sub-laptop',
    });
  });

  it('refuses a malformed message with 4000 per field', async () => {
    const res = await api('POST', '/message/ntfy.send', {
      title: '',
      level: 'loud',
      url: 'javascript:alert(1)',
    });
    expect(
      res
        .json()
        .errors.map((e: { property: string }) => e.property)
        .sort(),
    ).toEqual(['level', 'title', 'url']);
    expect((await api('POST', '/message/ntfy.shout', { title: 'x' })).json().code).toBe(4000);
  });

  it('tells the owner of a new comment, a failed job and a login from a new browser', async () => {
    await configureAll();
    const [essayId] = await insertEssays(t, [{ content: '一篇随笔' }]);
    const comment = await t.server.inject({
      method: 'POST',
      url: '/api/blog/comment',
      headers: { 'x-uuid': 'push-test-visitor' },
      payload: {
        targetType: 'essay',
        targetId: essayId,
        content: '写得真好',
        proof: await proofFor(t, '127.0.0.1'),
      },
    });
    expect(comment.json().code).toBe(0);
    await expect
      .poll(() =>
        fake.received.filter((r) => r.path === '/').map((r) => (r.json as { tags: string[] }).tags[0]),
      )
      .toEqual(['comment']);

    // A job that throws: its error in the history, and a push to ntfy.
    const scheduler = createScheduler({
      repo: createJobRepo(t.database.db),
      jobs: [
        {
          id: 'breaks',
          name: '会坏的任务',
          description: 'throws',
          defaultCron: '0 0 1 1 *',
          catchUp: false,
          run: async () => {
            throw new Error('the disk is full');
          },
        },
      ],
      notify: t.modules.push.notify,
      logger: t.server.log as never,
      now: () => Date.now(),
    });
    await scheduler.init();
    await scheduler.fire('breaks');
    await scheduler.idle();
    expect((await scheduler.list())[0]?.runs[0]).toMatchObject({
      outcome: 'error',
      output: 'the disk is full',
    });
    const failure = fake.received.filter((r) => r.path === '/').at(-1)?.json as Record<string, unknown>;
    expect(failure).toMatchObject({ tags: ['job-failure'], priority: 5, message: 'the disk is full' });

    // Logins: the first from a browser is news, the second from it is not.
    await createOwner(t);
    const before = fake.received.length;
    expect((await login(t, { userAgent: 'Firefox on a new laptop' })).json().code).toBe(0);
    await expect.poll(() => fake.received.slice(before).filter((r) => r.path === '/').length).toBe(1);
    expect((await login(t, { userAgent: 'Firefox on a new laptop' })).json().code).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    const logins = fake.received
      .slice(before)
      .filter((r) => (r.json as { tags?: string[] } | null)?.tags?.[0] === 'login-new-device');
    expect(logins).toHaveLength(1);
    expect(JSON.stringify(logins[0]?.json)).toContain('Firefox on a new laptop');
  });
});
