import { createECDH, randomBytes } from 'node:crypto';
import type { ChannelResult } from '@candy/contract/calls/push';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import {
  type FakePushTargets,
  type FakeSmtp,
  startFakePushTargets,
  startFakeSmtp,
} from '../../../test/fakes/pushTargets.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createPushRepo } from './repo.ts';

/**
 * Issue 40.1: the owner's push channels reach only what the outbound policy allows (here the
 * default: public addresses only), when saved and again at the socket when sent, and a refusing
 * server's body never comes back in the answer. The stand-ins listen on 127.0.0.1, so every request
 * that reached one would be the hole the attacker's probe found.
 */
const browserKeys = () => ({
  p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
  auth: randomBytes(16).toString('base64url'),
});

describe('push channels under the default outbound policy', () => {
  let t: TestApp;
  let fake: FakePushTargets;
  let smtp: FakeSmtp;
  let port: string;

  beforeAll(async () => {
    [fake, smtp] = await Promise.all([startFakePushTargets(), startFakeSmtp()]);
    port = new URL(fake.base).port;
    t = await createTestApp({ ownerGuard: testOwnerGuard });
  });
  afterAll(async () => {
    await t.close();
    await Promise.all([fake.close(), smtp.close()]);
  });
  beforeEach(() => {
    fake.received.length = 0;
    smtp.messages.length = 0;
  });

  const api = (method: 'POST' | 'PUT', url: string, payload: object) =>
    t.server.inject({ method, url: `/api${url}`, headers: asOwner, payload });
  const save = (channel: string, settings: Record<string, string | number | boolean>) =>
    api('PUT', `/message/channel/${channel}`, { enabled: true, settings });
  /** A row as a looser policy (or an earlier version) left it: the send must still be refused. */
  const plant = (channel: string, settings: Record<string, string>) =>
    createPushRepo(t.database.db).saveChannel(channel, true, settings, Date.now());
  const test = async (channel: string): Promise<ChannelResult> => {
    const answer = await api('POST', `/message/${channel}.test`, { title: '试试', body: '', level: 'info' });
    expect(answer.json().code).toBe(0);
    return answer.json().data.results[0];
  };

  it.each([
    ['webhook', 'url', (p: string) => `http://127.0.0.1:${p}/hook`],
    ['webhook', 'url', (p: string) => `http://0x7f000001:${p}/hook`],
    ['webhook', 'url', (p: string) => `http://localhost.:${p}/hook`],
    ['ntfy', 'server', (p: string) => `http://[::1]:${p}`],
    ['bark', 'server', (p: string) => `http://127.1:${p}`],
    ['gotify', 'server', (p: string) => `http://[::ffff:127.0.0.1]:${p}`],
    ['webhook', 'url', () => 'http://169.254.169.254/latest/meta-data/'],
  ])('refuses to save %s at %s = an address on this machine', async (channel, field, address) => {
    const others: Record<string, Record<string, string>> = {
      webhook: { token: '' },
      ntfy: { topic: 'alerts', token: '' },
      bark: { deviceKey: 'bark-device-key' },
      gotify: { token: 'app-token' },
    };
    const settings = { ...others[channel], [field]: address(port) };
    const answer = await save(channel, settings);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().errors).toEqual([
      { property: `settings.${field}`, constraints: { privateAddress: expect.stringContaining('内网') } },
    ]);
  });

  it.each([
    ['webhook', { url: '' }, 'url'],
    ['ntfy', { server: '', topic: 'alerts' }, 'server'],
    ['gotify', { server: '', token: 'app-token' }, 'server'],
  ])(
    'refuses at the socket a stored %s address on this machine, and reads nothing back',
    async (channel, settings, field) => {
      await plant(channel, { ...settings, [field]: `${fake.base}/hook` });
      const result = await test(channel);
      expect(result.outcome).toBe('failed');
      expect(result.detail).toContain('OUTBOUND_ALLOWED_ADDRESSES');
      expect(fake.received).toHaveLength(0);
    },
  );

  it('refuses an SMTP host on this machine, saved or stored', async () => {
    const settings = {
      host: '127.0.0.1',
      port: String(smtp.port),
      secure: 'false',
      from: 'a@b.example',
      to: 'c@d.example',
    };
    const saved = await save('email', settings);
    expect(saved.statusCode).toBe(400);
    expect(saved.json().errors?.[0]?.property).toBe('settings.host');
    await plant('email', { ...settings, host: 'localhost' });
    const result = await test('email');
    expect(result.outcome).toBe('failed');
    expect(result.detail).toContain('OUTBOUND_ALLOWED_ADDRESSES');
    expect(smtp.messages).toHaveLength(0);
  });

  it.each([
    'https://169.254.169.254/push/abc',
    'http://127.0.0.1/push',
    'https://[::1]/push',
    'https://localhost./push',
  ])('refuses %s as a Web Push subscription, the owner’s and a visitor’s', async (endpoint) => {
    const owner = await api('POST', '/message/webpush/subscription', { endpoint, keys: browserKeys() });
    expect(owner.statusCode).toBe(400);
    expect(owner.json().errors?.[0]?.property).toBe('endpoint');
    const visitor = await t.server.inject({
      method: 'POST',
      url: '/api/blog/comment/push/subscription',
      headers: { 'x-uuid': '6f0c3b7e-8a41-4c2e-9d5f-1b2a3c4d5e6f' },
      payload: { endpoint, keys: browserKeys() },
    });
    expect(visitor.statusCode).toBe(400);
  });
});

describe('push channels allowed to reach this machine', () => {
  it('answers a refusal with its status only, never the remote body', async () => {
    const fake = await startFakePushTargets();
    const t = await createTestApp({
      ownerGuard: testOwnerGuard,
      env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1' },
    });
    try {
      fake.statusFor.set('/hook', 500);
      const saved = await t.server.inject({
        method: 'PUT',
        url: '/api/message/channel/webhook',
        headers: asOwner,
        payload: { enabled: true, settings: { url: `${fake.base}/hook`, token: '' } },
      });
      expect(saved.json().code).toBe(0);
      const answer = await t.server.inject({
        method: 'POST',
        url: '/api/message/webhook.test',
        headers: asOwner,
        payload: { title: '试试', body: '', level: 'info' },
      });
      const result = answer.json().data.results[0] as ChannelResult;
      expect(fake.received).toHaveLength(1);
      expect(result).toMatchObject({ outcome: 'failed', detail: 'HTTP 500' });
      expect(answer.body).not.toContain('the fake was told to fail');
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
