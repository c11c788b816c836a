import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

/** A fake parking provider speaking our documented shape. */
export const startFakeParking = async () => {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url ?? '');
    res.setHeader('content-type', 'application/json');
    if (req.url?.startsWith('/places'))
      return res.end(
        JSON.stringify({
          places: [
            {
              id: 7,
              name: '近的停车场',
              lat: 31.2305,
              lng: 121.4738,
              capacity: 100,
              free: 12,
              price: '10元/小时',
            },
            { id: 'far', name: '远的停车场', lat: 31.5, lng: 121.9 },
          ],
        }),
      );
    if (req.url?.startsWith('/orders'))
      return res.end(
        JSON.stringify({
          orders: [
            {
              id: 1,
              place: '近的停车场',
              startAt: Date.UTC(2026, 9, 3, 8),
              endAt: Date.UTC(2026, 9, 3, 10),
              fee: 20,
              status: 'finished',
            },
            {
              id: 2,
              place: '近的停车场',
              startAt: Date.UTC(2026, 10, 3, 8),
              endAt: null,
              fee: 0,
              status: 'ongoing',
            },
          ],
          total: 2,
        }),
      );
    res.writeHead(404).end('{}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

const inject = (t: TestApp, method: string, url: string, payload?: object, owner = true) =>
  t.server.inject({
    method: method as 'GET',
    url: `/api${url}`,
    headers: owner ? asOwner : {},
    ...(payload ? { payload } : {}),
  });

describe('parking from a provider', () => {
  let t: TestApp;
  let fake: Awaited<ReturnType<typeof startFakeParking>>;
  beforeAll(async () => {
    fake = await startFakeParking();
    t = await createTestApp({ ownerGuard: testOwnerGuard, env: { PARKING_API_BASE: fake.base } });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('lists the provider’s places within the radius, nearest first', async () => {
    const res = (await inject(t, 'GET', '/other/parking/byPosition?lat=31.23&lng=121.47&radius=3000')).json();
    expect(res.data).toHaveLength(1);
    expect(res.data[0]).toMatchObject({ id: '7', name: '近的停车场', free: 12, address: '' });
    expect(res.data[0].distance).toBeLessThan(1000);
    expect(fake.requests.at(-1)).toBe('/places?lat=31.23&lng=121.47&radius=3000');
    expect((await inject(t, 'GET', '/other/map/config')).json().data.source).toBe('provider');
  });

  it('lists the provider’s orders with durations and monthly totals', async () => {
    const res = (await inject(t, 'GET', '/other/parking/order')).json().data;
    expect(res.list[0]).toMatchObject({ duration: 120, fee: 20 });
    expect(res.months).toEqual([
      { month: '2026-11', count: 1, fee: 0, minutes: 0 },
      { month: '2026-10', count: 1, fee: 20, minutes: 120 },
    ]);
  });
});

describe('parking from the owner’s own records', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
  });
  afterAll(async () => t.close());

  it('adds, edits, finds and deletes places', async () => {
    const created = (
      await inject(t, 'POST', '/other/parking/place', { name: '家', lat: 31.2, lng: 121.4 })
    ).json().data;
    expect(created).toMatchObject({ name: '家', lat: 31.2, lng: 121.4, capacity: null, price: '' });
    await inject(t, 'POST', '/other/parking/place', { name: '远', lat: 39.9, lng: 116.4 });
    const near = (await inject(t, 'GET', '/other/parking/byPosition?lat=31.201&lng=121.401')).json().data;
    expect(near.map((p: { name: string }) => p.name)).toEqual(['家']);
    const upd = await inject(t, 'PUT', `/other/parking/place/${created.id}`, {
      name: '家2',
      lat: 31.2,
      lng: 121.4,
      free: 3,
    });
    expect(upd.json().data).toMatchObject({ name: '家2', free: 3 });
    expect((await inject(t, 'DELETE', `/other/parking/place/${created.id}`)).statusCode).toBe(200);
    expect((await inject(t, 'DELETE', `/other/parking/place/${created.id}`)).statusCode).toBe(404);
    expect((await inject(t, 'GET', '/other/map/config')).json().data).toMatchObject({
      source: 'own',
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
  });

  it('keeps orders and totals them by month', async () => {
    const h = 3_600_000;
    const oct = Date.UTC(2026, 9, 10, 8);
    const nov = Date.UTC(2026, 10, 10, 8);
    for (const o of [
      { place: 'A', startAt: oct, endAt: oct + 2 * h, fee: 12.5, status: 'finished' },
      { place: 'B', startAt: oct + 24 * h, endAt: oct + 25 * h, fee: 5, status: 'finished' },
      { place: 'A', startAt: nov, endAt: null, fee: 0, status: 'ongoing' },
    ])
      expect((await inject(t, 'POST', '/other/parking/order', o)).statusCode).toBe(200);
    const all = (await inject(t, 'GET', '/other/parking/order')).json().data;
    expect(all.total).toBe(3);
    expect(all.months).toEqual([
      { month: '2026-11', count: 1, fee: 0, minutes: 0 },
      { month: '2026-10', count: 2, fee: 17.5, minutes: 180 },
    ]);
    const finished = (await inject(t, 'GET', '/other/parking/order?status=finished')).json().data;
    expect(finished.list.map((o: { place: string }) => o.place)).toEqual(['B', 'A']);
  });

  it('validates coordinates and every field; visitors get 4010', async () => {
    for (const q of [
      'lat=91&lng=0',
      'lat=0&lng=181',
      'lat=x&lng=0',
      'lat=0&lng=0&radius=1',
      'lat=0&lng=0&radius=999999',
    ])
      expect((await inject(t, 'GET', `/other/parking/byPosition?${q}`)).json().code).toBe(4000);
    const bad = await inject(t, 'POST', '/other/parking/place', { name: '', lat: 100, lng: -200 });
    expect(bad.json().errors).toHaveLength(3);
    const badOrder = await inject(t, 'POST', '/other/parking/order', {
      place: 'A',
      startAt: 10,
      endAt: 5,
      fee: -1,
      status: 'lost',
    });
    expect(badOrder.json().code).toBe(4000);
    expect((await inject(t, 'GET', '/other/parking/order?status=lost')).json().code).toBe(4000);
    for (const [m, u] of [
      ['GET', '/other/parking/byPosition?lat=0&lng=0'],
      ['GET', '/other/parking/order'],
      ['GET', '/other/map/config'],
      ['POST', '/other/parking/place'],
      ['DELETE', '/other/parking/order/1'],
    ] as const)
      expect((await inject(t, m, u, m === 'POST' ? {} : undefined, false)).json().code).toBe(4010);
  });
});
