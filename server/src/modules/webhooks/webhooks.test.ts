import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import {
  startWebhookReceiver,
  verifyStandardWebhook,
  type WebhookReceiver,
} from '../../../test/fakes/webhookReceiver.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createWebhookRepo } from './repo.ts';

const MINUTE = 60_000;

describe('signed webhooks', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    t = await createTestApp({ ownerGuard: testOwnerGuard, env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1' } });
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });
  beforeEach(async () => {
    receiver.received.length = 0;
    receiver.statuses.length = 0;
    // A test that failed half-way leaves its endpoint behind; the next starts without any.
    const repo = createWebhookRepo(t.database.db);
    for (const endpoint of await repo.endpoints()) await repo.removeEndpoint(endpoint.id);
  });

  const call = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) => {
    const res = await t.server.inject({ method, url: `/api${url}`, headers: asOwner, payload });
    return { status: res.statusCode, ...res.json() };
  };
  const register = async (events: string[], name = '接收器') => {
    const res = await call('POST', '/webhook/endpoint', { name, url: receiver.url, events });
    expect(res.code).toBe(0);
    return res.data as { id: number; secret: string };
  };
  /** Runs the delivery job until nothing is due at the test clock's now (never waits on a timer). */
  const drain = async () => {
    const repo = createWebhookRepo(t.database.db);
    for (let round = 0; round < 50; round += 1) {
      await t.modules.scheduler.runNow('webhook-deliveries', 'change');
      await t.modules.scheduler.idle();
      if ((await repo.due(t.clock.now, 1)).length === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  const bodies = () =>
    receiver.received.map((hook) => JSON.parse(hook.body) as { type: string; data: { id?: number } });

  it('signs a delivery so that the Standard Webhooks verification accepts it', async () => {
    const endpoint = await register(['essay.published']);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const essay = await call('POST', '/blog/essay', { content: '第一篇' });
    await drain();
    expect(receiver.received).toHaveLength(1);
    const [hook] = receiver.received;
    if (!hook) throw new Error('no delivery');
    expect(hook.headers['content-type']).toBe('application/json');
    expect(verifyStandardWebhook(endpoint.secret, hook.headers, hook.body, t.clock.now / 1000)).toBe(true);
    expect(verifyStandardWebhook(endpoint.secret, hook.headers, `${hook.body} `, t.clock.now / 1000)).toBe(
      false,
    );
    const body = JSON.parse(hook.body) as {
      type: string;
      timestamp: string;
      data: { id: number; content: string };
    };
    expect(body.type).toBe('essay.published');
    expect(body.data).toMatchObject({ id: essay.data.id, content: '第一篇' });
    expect(Date.parse(body.timestamp)).toBe(t.clock.now);
    await call('DELETE', `/webhook/endpoint/${endpoint.id}`);
  });

  it('retries after the back-off and logs every attempt', async () => {
    const endpoint = await register(['moment.posted']);
    receiver.statuses.push(500, 500);
    await call('POST', '/blog/moment', { content: '今天天气好' });
    await drain();
    expect(receiver.received).toHaveLength(1);

    t.clock.advance(MINUTE - 1000);
    await drain();
    expect(receiver.received).toHaveLength(1);
    t.clock.advance(1000);
    await drain();
    expect(receiver.received).toHaveLength(2);
    t.clock.advance(5 * MINUTE);
    await drain();
    expect(receiver.received).toHaveLength(3);

    const ids = new Set(receiver.received.map((hook) => hook.headers['webhook-id']));
    expect(ids.size).toBe(1);
    // Each attempt is signed when it is sent: verified as its receiver would have, at that moment.
    const stamps = receiver.received.map((hook) => Number(hook.headers['webhook-timestamp']));
    expect(stamps[1]).toBe((stamps[0] ?? 0) + 60);
    expect(stamps[2]).toBe((stamps[1] ?? 0) + 300);
    receiver.received.forEach((hook, i) => {
      expect(verifyStandardWebhook(endpoint.secret, hook.headers, hook.body, stamps[i] ?? 0)).toBe(true);
    });
    expect(
      verifyStandardWebhook(
        endpoint.secret,
        receiver.received[0]?.headers ?? {},
        receiver.received[0]?.body ?? '',
        t.clock.now / 1000,
      ),
    ).toBe(false);

    const page = await call('GET', `/webhook/endpoint/${endpoint.id}/delivery`);
    expect(page.code).toBe(0);
    const [delivery] = page.data.list;
    expect(delivery).toMatchObject({ eventType: 'moment.posted', status: 'succeeded', attempts: 3 });
    expect(delivery.log.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 500, 200]);
    expect(delivery.log.map((a: { ok: boolean }) => a.ok)).toEqual([false, false, true]);
    expect(delivery.log[0].error).toBe('HTTP 500');

    const list = await call('GET', '/webhook/endpoint');
    const listed = list.data.find((e: { id: number }) => e.id === endpoint.id);
    expect(listed.lastDelivery).toMatchObject({ status: 'succeeded', statusCode: 200 });

    // Send again: the same message (id and body) as a new delivery.
    const resent = await call('POST', `/webhook/delivery/${delivery.id}/resend`);
    expect(resent.data).toMatchObject({
      resendOf: delivery.id,
      messageId: delivery.messageId,
      status: 'pending',
    });
    await drain();
    expect(receiver.received).toHaveLength(4);
    expect(receiver.received[3]?.headers['webhook-id']).toBe(delivery.messageId);
    expect(receiver.received[3]?.body).toBe(receiver.received[0]?.body);
    const after = await call('GET', `/webhook/endpoint/${endpoint.id}/delivery`);
    expect(after.data.list[0]).toMatchObject({ id: resent.data.id, status: 'succeeded', attempts: 1 });
    await call('DELETE', `/webhook/endpoint/${endpoint.id}`);
  });

  it('gives up after five attempts', async () => {
    const endpoint = await register(['essay.deleted']);
    receiver.statuses.push(503, 503, 503, 503, 503);
    const essay = await call('POST', '/blog/essay', { content: '要删的' });
    await call('DELETE', `/blog/essay/${essay.data.id}`);
    await drain();
    for (const wait of [1, 5, 30, 120]) {
      t.clock.advance(wait * MINUTE);
      await drain();
    }
    expect(receiver.received).toHaveLength(5);
    t.clock.advance(24 * 60 * MINUTE);
    await drain();
    expect(receiver.received).toHaveLength(5);
    const page = await call('GET', `/webhook/endpoint/${endpoint.id}/delivery`);
    expect(page.data.list[0]).toMatchObject({ status: 'failed', attempts: 5, nextAttemptAt: null });
    await call('DELETE', `/webhook/endpoint/${endpoint.id}`);
  });

  it('announces a reservation when it comes due, and updates of a published essay', async () => {
    const endpoint = await register(['essay.published', 'essay.updated']);
    const essay = await call('POST', '/blog/essay', {
      content: '定时的',
      reservation: t.clock.now + 60 * MINUTE,
    });
    await drain();
    expect(receiver.received).toHaveLength(0);
    t.clock.advance(61 * MINUTE);
    await t.modules.scheduler.fire('publish-reservations');
    await drain();
    expect(bodies()).toMatchObject([{ type: 'essay.published', data: { id: essay.data.id } }]);
    await call('PUT', `/blog/essay/${essay.data.id}`, { content: '改过的' });
    await drain();
    expect(bodies().map((b) => b.type)).toEqual(['essay.published', 'essay.updated']);
    await call('DELETE', `/webhook/endpoint/${endpoint.id}`);
  });

  it('sends a test event to one endpoint', async () => {
    const endpoint = await register(['comment.posted']);
    const queued = await call('POST', `/webhook/endpoint/${endpoint.id}/test`);
    expect(queued.data).toMatchObject({ eventType: 'webhook.test', status: 'pending' });
    await drain();
    expect(bodies()).toMatchObject([{ type: 'webhook.test' }]);
    await call('DELETE', `/webhook/endpoint/${endpoint.id}`);
  });

  it('sends nothing to a disabled endpoint or for events it did not choose', async () => {
    const endpoint = await register(['essay.deleted']);
    await call('POST', '/blog/moment', { content: '没人订阅' });
    const update = await call('PUT', `/webhook/endpoint/${endpoint.id}`, {
      name: '停用',
      url: receiver.url,
      events: ['moment.posted'],
      enabled: false,
    });
    expect(update.data).toMatchObject({ enabled: false, events: ['moment.posted'], secret: null });
    // The secret is never in the list; the reveal call answers the one the endpoint was made with.
    expect(
      (await call('GET', '/webhook/endpoint')).data.every((e: { secret: unknown }) => e.secret === null),
    ).toBe(true);
    expect((await call('GET', `/webhook/endpoint/${endpoint.id}/secret`)).data).toEqual({
      secret: endpoint.secret,
    });
    await call('POST', '/blog/moment', { content: '还是没人' });
    await drain();
    expect(receiver.received).toHaveLength(0);
    await call('DELETE', `/webhook/endpoint/${endpoint.id}`);
  });

  it.each([
    ['an invalid url', { name: 'x', url: 'not a url', events: ['essay.published'] }, 'url'],
    ['no events', { name: 'x', url: 'https://example.com/', events: [] }, 'events'],
    ['an unknown event', { name: 'x', url: 'https://example.com/', events: ['essay.exploded'] }, 'events.0'],
    ['an empty name', { name: ' ', url: 'https://example.com/', events: ['essay.published'] }, 'name'],
  ])('refuses %s with 4000', async (_, payload, property) => {
    const res = await call('POST', '/webhook/endpoint', payload);
    expect(res.status).toBe(400);
    expect(res.code).toBe(4000);
    expect(res.errors.map((e: { property: string }) => e.property)).toContain(property);
  });

  it('refuses a private address even when 127.0.0.1 is allowed', async () => {
    const res = await call('POST', '/webhook/endpoint', {
      name: 'x',
      url: 'http://169.254.169.254/latest',
      events: ['essay.published'],
    });
    expect(res.code).toBe(4000);
    expect(res.errors[0]).toMatchObject({ property: 'url' });
  });

  it('answers 404 for endpoints and deliveries that do not exist', async () => {
    expect((await call('GET', '/webhook/endpoint/9999/delivery')).code).toBe(4040);
    expect((await call('POST', '/webhook/delivery/9999/resend')).code).toBe(4040);
    expect((await call('DELETE', '/webhook/endpoint/9999')).code).toBe(4040);
  });

  it.each([
    ['GET', '/webhook/endpoint'],
    ['POST', '/webhook/endpoint'],
    ['POST', '/webhook/endpoint/1/test'],
    ['GET', '/webhook/endpoint/1/delivery'],
    ['POST', '/webhook/delivery/1/resend'],
  ] as const)('is the owner’s only: %s %s without a key is 401', async (method, url) => {
    const res = await t.server.inject({
      method,
      url: `/api${url}`,
      payload: method === 'POST' ? { name: 'x', url: receiver.url, events: ['essay.published'] } : undefined,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().code).toBe(4010);
  });
});

describe('webhook addresses without configuration', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
  });
  afterAll(() => t.close());

  it.each([
    'http://127.0.0.1:8080/hook',
    'http://localhost/hook',
    'http://[::ffff:7f00:1]/hook',
    'http://10.0.0.5/',
  ])('refuses %s at registration', async (url) => {
    const res = await t.server.inject({
      method: 'POST',
      url: '/api/webhook/endpoint',
      headers: asOwner,
      payload: { name: '本机', url, events: ['essay.published'] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 4000, errors: [{ property: 'url' }] });
    expect(res.json().errors[0].constraints.address).toMatch(/内网/);
  });
});
