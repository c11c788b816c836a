import { describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { startFakePushTargets } from '../../../test/fakes/pushTargets.ts';
import { createTestApp } from '../../../test/harness.ts';

/**
 * Where the links of notifications and mails lead (issue 41.17). With SITE_URL (also a LAN address
 * with a port) they are absolute on it, whatever address the owner uses; without one, on the address
 * the owner last opened the back office at, unless that is this machine's loopback; with none of
 * those they stay paths, and the push page is told so (linkBase null).
 */
describe('the links message push sends', () => {
  it.each([
    [
      'SITE_URL on a LAN address',
      { SITE_URL: 'http://blog.lan:8080/' },
      'home.example:8443',
      'http://blog.lan:8080',
    ],
    ['no site address, the owner at home.example', {}, 'home.example:8443', 'http://home.example:8443'],
    ['no site address, the owner on this machine', {}, '127.0.0.1:8080', null],
  ])('with %s', async (_name, env: Record<string, string>, ownerHost: string, linkBase: string | null) => {
    const fake = await startFakePushTargets();
    const t = await createTestApp({
      ownerGuard: testOwnerGuard,
      env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1', ...env },
    });
    try {
      const api = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
        t.server.inject({
          method,
          url: `/api${url}`,
          headers: { ...asOwner, host: ownerHost },
          ...(payload ? { payload } : {}),
        });
      // The first owner call is where the address is learnt: the page opened, links already absolute.
      const page = (await api('GET', '/message/channel')).json().data;
      expect(page).toMatchObject({ linkBase, linkBaseConfigured: 'SITE_URL' in env });
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
