import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { parseReferrer } from './recorder.ts';

const chrome =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36';
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';

describe('analytics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard, now: Date.UTC(2026, 10, 20, 10) });
  });
  afterAll(async () => t.close());

  const visit = (uuid: string, referrer: string, ua = chrome) =>
    t.server.inject({
      method: 'GET',
      url: '/api/system/version',
      headers: { 'x-uuid': uuid, 'x-referrer': referrer, 'user-agent': ua },
    });
  const owner = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.server.inject({ method, url: `/api${url}`, headers: asOwner, ...(payload ? { payload } : {}) });

  it('reads the page and the outside referrer from X-Referrer', () => {
    expect(parseReferrer('/chaos?x=1 https://www.google.com/search?q=a', ['localhost'])).toEqual({
      path: '/chaos',
      referrer: 'www.google.com',
    });
    expect(parseReferrer('http://localhost/about', ['localhost'])).toEqual({ path: '/about', referrer: '' });
    expect(parseReferrer('https://news.ycombinator.com/', ['localhost'])).toEqual({
      path: null,
      referrer: 'news.ycombinator.com',
    });
  });

  it('counts views per client once per page visit, batched, and lists the clients', async () => {
    await visit('client-aaaa-0001', '/chaos https://www.google.com/');
    await visit('client-aaaa-0001', '/chaos https://www.google.com/'); // same page, same visit
    await visit('client-aaaa-0001', '/about');
    await visit('client-bbbb-0002', '/chaos', iphone);
    await visit('client-cccc-0003', '/great-old-one/index'); // the back office is not a page view
    await visit('client-cccc-0003', '/contract'); // nor the owner's login page
    await t.server.inject({
      method: 'GET',
      url: '/api/system/version',
      headers: { 'x-uuid': 'client-eeee-0005', 'x-referrer': '/chaos', 'x-fingerprint': 'owner-key' },
    }); // nor the owner's calls
    // Nothing is written until the flush.
    expect((await owner('GET', '/analytics/uniqueClient')).json().data.total).toBe(0);
    await t.modules.analytics.recorder.flush();
    await t.modules.analytics.recorder.flush(); // an empty flush changes nothing
    const res = (await owner('GET', '/analytics/uniqueClient?sort=views')).json().data;
    expect(res.total).toBe(2);
    const [a, b] = res.list;
    expect(a).toMatchObject({
      uuid: 'client-aaaa-0001',
      views: 2,
      referrers: ['www.google.com'],
      device: { browser: 'Chrome', os: 'Windows', platform: 'desktop' },
      excluded: false,
    });
    expect([...a.pages].sort()).toEqual(['/about', '/chaos']);
    expect(b).toMatchObject({ uuid: 'client-bbbb-0002', views: 1, device: { platform: 'mobile' } });
    expect(JSON.stringify(res)).not.toContain('127.0.0.1');
  });

  it('never applies the same batch twice', async () => {
    const repo = t.modules.analytics.recorder;
    await visit('client-dddd-0004', '/moments');
    await repo.flush();
    const before = (await owner('GET', '/analytics/summary?days=30')).json().data.totals.views;
    // Re-applying an already applied batch id (a retry after a commit we did not hear of) is a no-op.
    const { createAnalyticsRepo } = await import('./repo.ts');
    const direct = createAnalyticsRepo(t.database.db);
    const batch = {
      id: 'fixed-batch',
      clients: new Map([
        [
          'client-dddd-0004',
          { firstSeen: 1, lastSeen: t.clock.now, browser: '', os: '', platform: '', ipHash: '' },
        ],
      ]),
      // Another page than the one visited above: a view the database has not counted yet.
      views: [{ uuid: 'client-dddd-0004', at: t.clock.now, path: '/moments/fixed', referrer: '' }],
    };
    await direct.apply(batch, t.clock.now);
    await direct.apply(batch, t.clock.now);
    const after = (await owner('GET', '/analytics/summary?days=30')).json().data.totals.views;
    expect(after).toBe(before + 1);
  });

  it('counts a page view once when its calls were answered by two replicas', async () => {
    // Two recorders on one database are two replicas: nginx sent a page's calls to each.
    const { createRecorder } = await import('./recorder.ts');
    const { createAnalyticsRepo } = await import('./repo.ts');
    const replica = () =>
      createRecorder({
        repo: createAnalyticsRepo(t.database.db),
        enabled: true,
        flushMs: 60_000,
        apiBasePath: '/api',
        siteDomains: [],
        now: () => t.clock.now,
        logger: pino({ level: 'silent' }),
      });
    const [one, two] = [replica(), replica()];
    const call = {
      url: '/api/system/version',
      headers: { 'x-uuid': 'client-gggg-0007', 'x-referrer': '/links', 'user-agent': chrome },
      ip: '10.0.0.7',
      hostname: 'localhost',
    };
    one.record(call);
    two.record(call);
    two.record({ ...call, headers: { ...call.headers, 'x-referrer': '/links/more' } });
    await Promise.all([one.flush(), two.flush()]);
    one.record(call); // the same page again within the window, on the first replica
    await one.flush();
    const list = (await owner('GET', '/analytics/uniqueClient?size=50')).json().data.list;
    expect(list.find((c: { uuid: string }) => c.uuid === 'client-gggg-0007')).toMatchObject({ views: 2 });
  });

  it('summarises views, uniques, pages, referrers, devices and hours; excluded clients drop out', async () => {
    const s = (await owner('GET', '/analytics/summary?days=30')).json().data;
    expect(s.daily).toHaveLength(30);
    expect(s.daily.at(-1)).toMatchObject({ day: '2026-11-20', uniques: 4 });
    expect(s.pages[0]).toEqual({ name: '/chaos', views: 2 });
    expect(s.referrers).toEqual([{ name: 'www.google.com', views: 1 }]);
    expect(s.hours[10]).toBe(s.totals.views);
    expect(s.devices.platform).toContainEqual({ name: 'mobile', views: 1 });
    const list = (await owner('GET', '/analytics/uniqueClient')).json().data.list;
    const a = list.find((c: { uuid: string }) => c.uuid === 'client-aaaa-0001');
    const upd = await owner('PUT', `/analytics/uniqueClient/${a.id}`, { label: '我的电脑', excluded: true });
    expect(upd.json().data).toMatchObject({ label: '我的电脑', excluded: true });
    const s2 = (await owner('GET', '/analytics/summary?days=30')).json().data;
    expect(s2.totals.uniques).toBe(s.totals.uniques - 1);
    expect(s2.referrers).toEqual([]);
  });

  it('guards and validates every call', async () => {
    for (const url of ['/analytics/uniqueClient', '/analytics/summary']) {
      expect((await t.server.inject({ method: 'GET', url: `/api${url}` })).json().code).toBe(4010);
    }
    expect((await owner('GET', '/analytics/summary?days=7')).json().code).toBe(4000);
    expect((await owner('GET', '/analytics/uniqueClient?page=0&size=1000')).json().errors).toHaveLength(2);
    expect((await owner('PUT', '/analytics/uniqueClient/1', { excluded: 'yes' })).json().code).toBe(4000);
    expect((await owner('PUT', '/analytics/uniqueClient/99999', { label: 'x' })).statusCode).toBe(404);
  });
});

describe('analytics of a bare outside referrer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard, now: Date.UTC(2026, 10, 20, 10) });
  });
  afterAll(async () => t.close());

  it('counts a visit whose X-Referrer is only the outside page (DESIGN §3), with its referrer', async () => {
    await t.server.inject({
      method: 'GET',
      url: '/api/system/version',
      headers: {
        'x-uuid': 'client-ffff-0006',
        'x-referrer': 'https://www.google.com/',
        'user-agent': chrome,
      },
    });
    await t.modules.analytics.recorder.flush();
    const summary = (
      await t.server.inject({ method: 'GET', url: '/api/analytics/summary?days=30', headers: asOwner })
    ).json().data;
    expect(summary.totals.views).toBe(1);
    expect(summary.referrers).toEqual([{ name: 'www.google.com', views: 1 }]);
    expect(summary.pages).toEqual([{ name: '/', views: 1 }]);
  });
});
