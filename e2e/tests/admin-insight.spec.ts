import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser } from '../support/browser.ts';
import { E2E_OWNER, openAsOwner } from '../support/owner.ts';
import { goInApp } from '../support/pages.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { keepShot } from '../support/shots.ts';
import { openVisitor } from '../support/visitors.ts';

/** A small HTTP server on 127.0.0.1 answering with `handle`; records each request's URL. */
const loopback = async (
  handle: (req: http.IncomingMessage, body: string, res: http.ServerResponse) => void,
) => {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      requests.push(req.url ?? '');
      handle(req, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

const json = (res: http.ServerResponse, value: unknown) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(value));
};

const tilePng = (() => {
  const png = new PNG({ width: 256, height: 256 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([200, 220, 200, 255], i);
  return PNG.sync.write(png);
})();

describe('analytics, online devices and the map', () => {
  let browser: Browser;
  let server: RunningServer;
  let ubus: Awaited<ReturnType<typeof loopback>>;
  let parking: Awaited<ReturnType<typeof loopback>>;
  let tiles: Awaited<ReturnType<typeof loopback>>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-e2e-leases-'));
  const leases = path.join(dir, 'dhcp.leases');
  const sharedUrl = inject('baseUrl');

  beforeAll(async () => {
    fs.writeFileSync(
      leases,
      [
        '1763900000 3c:5a:b4:11:22:33 192.168.1.10 pixel *',
        '1763900000 da:a1:19:00:00:01 192.168.1.12 randomised *',
      ].join('\n'),
    );
    ubus = await loopback((_req, body, res) => {
      const { params } = JSON.parse(body) as { params: unknown[] };
      if (params[2] === 'login')
        return json(res, { jsonrpc: '2.0', id: 1, result: [0, { ubus_rpc_session: 'S' }] });
      json(res, {
        jsonrpc: '2.0',
        id: 1,
        result: [
          0,
          { dhcp_leases: [{ macaddr: 'F0:18:98:AB:CD:EF', ipaddr: '192.168.1.30', hostname: 'macbook' }] },
        ],
      });
    });
    parking = await loopback((req, _body, res) => {
      if (req.url?.startsWith('/places'))
        return json(res, {
          places: [
            {
              id: 1,
              name: '假的停车场甲',
              address: '测试路 1 号',
              lat: 39.905,
              lng: 116.408,
              capacity: 50,
              free: 7,
              price: '5 元/小时',
            },
            { id: 2, name: '假的停车场乙', lat: 39.903, lng: 116.405, free: 0 },
          ],
        });
      json(res, {
        orders: [
          {
            id: 1,
            place: '假的停车场甲',
            startAt: Date.UTC(2026, 8, 1, 9),
            endAt: Date.UTC(2026, 8, 1, 11),
            fee: 10,
            status: 'finished',
          },
          {
            id: 2,
            place: '假的停车场乙',
            startAt: Date.UTC(2026, 8, 5, 9),
            endAt: Date.UTC(2026, 8, 5, 10),
            fee: 5,
            status: 'finished',
          },
          {
            id: 3,
            place: '假的停车场甲',
            startAt: Date.UTC(2026, 9, 2, 9),
            endAt: Date.UTC(2026, 9, 2, 10),
            fee: 5,
            status: 'finished',
          },
        ],
        total: 3,
      });
    });
    tiles = await loopback((_req, _body, res) => {
      res.setHeader('content-type', 'image/png');
      res.setHeader('access-control-allow-origin', '*');
      res.end(tilePng);
    });
    server = await startServer({
      OWNER_USERNAME: E2E_OWNER.username,
      OWNER_PASSWORD: E2E_OWNER.password,
      SEED_DEMO: 'false',
      ANALYTICS_FLUSH_MS: '200',
      DEVICE_SOURCE: `leases:${leases},ubus`,
      DEVICE_UBUS_URL: ubus.url,
      PARKING_API_BASE: parking.url,
      MAP_TILE_URL: `${tiles.url}/{z}/{x}/{y}.png`,
      MAP_TILE_ATTRIBUTION: 'Loopback tiles',
    });
    browser = await launchBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await Promise.all([ubus?.close(), parking?.close(), tiles?.close()]);
  });

  it('ten visitors show up as ten clients with pages and referrers; excluding one drops it from the figures', async () => {
    const uuids = Array.from(
      { length: 10 },
      (_, i) => `e2e-visitor-${String(i).padStart(2, '0')}-${Date.now()}`,
    );
    for (const [i, uuid] of uuids.entries()) {
      const v = await openVisitor(browser, { uuid });
      const referer = i % 3 === 0 ? `https://search${i}.example.com/q` : undefined;
      await v.page.goto(`${server.url}${i % 2 ? '/about' : '/chaos'}`, referer ? { referer } : {});
      await v.page.waitForLoadState('networkidle');
      await v.context.close();
    }
    // The recorder flushes every 200 ms; the owner's view polls until all ten are written.
    const { page, close } = await openAsOwner(browser, server.url, '/great-old-one/analytics');
    const table = page.getByTestId('analytics-clients');
    await expect
      .poll(
        async () => {
          await page.reload();
          await table.waitFor();
          return page.locator('.admin-pager').textContent();
        },
        { timeout: 15_000 },
      )
      .toContain('共 10 条');
    await page.getByTestId('chart-daily').locator('canvas').waitFor();
    await page.getByTestId('chart-pages').locator('canvas').waitFor();
    await page.getByTestId('chart-referrers').locator('canvas').waitFor();
    await page.getByTestId('chart-devices').locator('canvas').waitFor();
    await page.getByText('10 位访客').waitFor();
    const text = (await table.textContent()) ?? '';
    expect(text).toContain('/chaos');
    expect(text).toContain('/about');
    expect(text).toContain('search0.example.com');
    expect(text).toContain('search9.example.com');
    await keepShot(page, 'insight-analytics');

    await page.getByTestId(`exclude-${uuids[0]}`).click();
    await page.getByText('9 位访客').waitFor();
    await page.getByText('已排除').waitFor();
    await close();
  }, 120_000);

  it('lists the home network’s devices with vendors from a leases file and ubus', async () => {
    const { page, close } = await openAsOwner(browser, server.url, '/great-old-one/online-device');
    const table = page.getByTestId('devices');
    await table.getByText('Google, Inc.').waitFor();
    await table.getByText('Apple, Inc.').waitFor();
    await table.getByText('随机私有地址').waitFor();
    expect(await page.getByTestId('device-timeline').count()).toBe(3);
    await keepShot(page, 'insight-devices');
    const garbage = await page.evaluate(async (url) => {
      const res = await fetch(`${url}/api/api/other/mac-info?mac=garbage`);
      return res.json();
    }, server.url);
    expect(garbage.code).toBe(4010); // a visitor's fetch: no owner key
    await close();
  }, 60_000);

  it('shows the provider’s parking places on loopback tiles and the orders totalled by month', async () => {
    const { page, close } = await openAsOwner(browser, server.url, '/great-old-one/map');
    await page.getByTestId('parking-list').getByText('假的停车场甲').waitFor();
    await expect.poll(() => page.locator('path.parking-marker').count()).toBe(2);
    await expect.poll(() => tiles.requests.length).toBeGreaterThan(0);
    await page.getByText('Loopback tiles').waitFor();
    expect(await page.getByTestId('map-tiles-failed').count()).toBe(0);
    await page.locator('path.parking-marker').first().click({ force: true });
    await page.locator('.leaflet-popup-content').waitFor();
    const months = page.getByTestId('parking-months');
    await months.getByText('2026-09').waitFor();
    expect(await months.locator('tbody tr').count()).toBe(2);
    expect(await months.locator('tbody tr').first().textContent()).toContain('¥5.00');
    expect(await months.locator('tbody tr').nth(1).textContent()).toContain('¥15.00');
    await keepShot(page, 'insight-map');
    await close();
  }, 60_000);

  it('uses the owner’s own records when no provider is set', async () => {
    const { page, close } = await openAsOwner(browser, sharedUrl);
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('connectionrefused'));
    await goInApp(page, '/great-old-one/map');
    // The shared server has the demo seed: places around the default centre (Beijing).
    await page.getByTestId('parking-list').getByText('天安门东停车场', { exact: true }).first().waitFor();
    await expect.poll(() => page.locator('path.parking-marker').count()).toBeGreaterThan(0);
    await page.getByTestId('parking-months').locator('tbody tr').first().waitFor();
    // Its tiles come from openstreetmap.org (refused below, as on a closed network): the map says so,
    // and the markers still open their popups.
    expect(await page.getByTestId('map-tiles-failed').textContent()).toContain('tile.openstreetmap.org');
    await page.locator('path.parking-marker').first().click({ force: true });
    await page.locator('.leaflet-popup-content').waitFor();
    await close();
  }, 60_000);

  it('edits the owner’s own parking places and orders in place, refusing an end before the start', async () => {
    const { page, close } = await openAsOwner(browser, sharedUrl);
    await page.route('https://tile.openstreetmap.org/**', (route) => route.abort('connectionrefused'));
    await goInApp(page, '/great-old-one/map');
    const list = page.getByTestId('parking-list');
    await list.getByText('天安门东停车场', { exact: true }).first().waitFor();

    // A place added at the map's centre, then renamed and given its spaces and price.
    await page.getByRole('button', { name: '在中心添加停车场' }).click();
    await page.getByRole('dialog').locator('input').fill('e2e 临时停车场');
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await list.getByText('e2e 临时停车场', { exact: true }).waitFor();
    await list.getByRole('button', { name: '编辑 e2e 临时停车场' }).click();
    const placeForm = page.getByTestId('parking-place-form');
    await placeForm.getByLabel('名称').fill('');
    // An empty name cannot be saved, and the button says why.
    expect(await placeForm.getByRole('button', { name: '保存' }).getAttribute('title')).toBe('名称不能为空');
    await placeForm.getByLabel('名称').fill('e2e 改名停车场');
    await placeForm.getByLabel('车位数').fill('40');
    await placeForm.getByLabel('空位数').fill('12');
    await placeForm.getByLabel('价格').fill('6 元/小时');
    await placeForm.getByRole('button', { name: '保存' }).click();
    await list.getByText('e2e 改名停车场', { exact: true }).waitFor();
    expect(await list.locator('li', { hasText: 'e2e 改名停车场' }).textContent()).toContain(
      '空位 12 · 6 元/小时',
    );

    // An order added from the form, then edited from its row: an end before its start is refused.
    const form = page.getByTestId('parking-order-form');
    expect(await form.getByRole('button', { name: '添加订单' }).getAttribute('title')).toBe(
      '先填停车场的名字',
    );
    await form.getByLabel('停车场').fill('e2e 改名停车场');
    await form.getByLabel('费用（元）').fill('8');
    await form.getByRole('button', { name: '添加订单' }).click();
    const orders = page.getByTestId('parking-orders');
    const row = orders.locator('tr', { hasText: 'e2e 改名停车场' });
    await row.waitFor();
    const id = ((await row.getByRole('button', { name: /^编辑/ }).textContent()) ?? '').replace(/\D/g, '');
    await row.getByRole('button', { name: /^编辑/ }).click();
    await form.getByText(`修改订单 #${id}`).waitFor();
    expect(await form.getByLabel('停车场').inputValue()).toBe('e2e 改名停车场');
    await form.getByLabel('结束').fill('2020-01-01T08:00');
    await form.getByRole('button', { name: '保存修改' }).click();
    await form.getByText('结束时间早于开始时间').waitFor();
    await form.getByLabel('结束').fill('');
    await form.getByLabel('费用（元）').fill('12.5');
    await form.getByLabel('状态').selectOption('ongoing');
    await form.getByRole('button', { name: '保存修改' }).click();
    await form.getByRole('button', { name: '添加订单' }).waitFor();
    await expect.poll(() => row.textContent()).toContain('¥12.50');
    expect(await row.textContent()).toContain('进行中');

    // Cleaned up through the same buttons, each naming what it deletes.
    await row.getByRole('button', { name: /^删除/ }).click();
    await page.getByText(`删除停车订单 #${id}「e2e 改名停车场」？`).waitFor();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await row.waitFor({ state: 'detached' });
    await list.getByRole('button', { name: '删除 e2e 改名停车场' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '确定' }).click();
    await list.getByText('e2e 改名停车场', { exact: true }).waitFor({ state: 'detached' });
    await close();
  }, 90_000);
});
