import { describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { startFakePushTargets } from '../../../test/fakes/pushTargets.ts';
import { createTestApp } from '../../../test/harness.ts';

/**
 * Where the links of notifications and mails lead. With SITE_URL (also a LAN address with a port,
 * issue 41.17) they are absolute on it; with neither SITE_URL nor a public domain they stay paths,
 * and the push page is told so (linkBase null).
 */
describe('the links message push sends', () => {
  it.each([
    ['SITE_URL on a LAN address', { SITE_URL: 'http://blog.lan:8080/' }, 'http://blog.lan:8080'],
    ['no site address at all', {}, null],
  ])('with %s', async (_name, env: Record<string, string>, linkBase) => {
    const fake = await startFakePushTargets();
    const t = await createTestApp({
      ownerGuard: testOwnerGuard,
      env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1', ...env },
    });
    try {
      const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        t.server.inject({ method, url: `/api${url}`, headers: asOwner, ...(payload ? { payload } : {}) });
      expect((await api('GET', '/message/channel')).json().data.linkBase).toBe(linkBase);
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
        url: `${linkBase ?? ''}/chaos#3`,
      });
    } finally {
      await t.close();
      await fake.close();
    }
  });
});
