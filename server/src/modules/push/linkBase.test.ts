import { describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { startFakePushTargets } from '../../../test/fakes/pushTargets.ts';
import { createTestApp } from '../../../test/harness.ts';

/**
 * Issue 41.17: notifications and mails carry links a client can open. The site's configured public
 * address (SITE_URL) is where they lead, also on a site with no public domain (a LAN address).
 */
describe('message push with SITE_URL and no public domain', () => {
  it('makes its links absolute on the configured address and tells the page', async () => {
    const fake = await startFakePushTargets();
    const t = await createTestApp({
      ownerGuard: testOwnerGuard,
      env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1', SITE_URL: 'http://blog.lan:8080/' },
    });
    try {
      const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        t.server.inject({ method, url: `/api${url}`, headers: asOwner, ...(payload ? { payload } : {}) });
      expect((await api('GET', '/message/channel')).json().data.linkBase).toBe('http://blog.lan:8080');
      await api('PUT', '/message/channel/webhook', {
        enabled: true,
        settings: { url: `${fake.base}/hook`, token: '' },
      });
      const sent = await api('POST', '/message/webhook.send', {
        title: '新评论',
        body: '你好',
        url: '/chaos#3',
        level: 'info',
      });
      expect(sent.json().code).toBe(0);
      expect(fake.received.find((r) => r.path === '/hook')?.json).toMatchObject({
        url: 'http://blog.lan:8080/chaos#3',
      });
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
