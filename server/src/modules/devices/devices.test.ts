import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { parseArp } from '../../providers/devices/index.ts';
import { presenceGapMs } from './index.ts';

/** A fake OpenWrt ubus JSON-RPC endpoint: session login, then luci-rpc getDHCPLeases. */
const startFakeUbus = async (leases: { macaddr: string; ipaddr: string; hostname: string }[]) => {
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const { params } = JSON.parse(body) as { params: unknown[] };
      res.setHeader('content-type', 'application/json');
      if (req.url !== '/ubus') return res.writeHead(404).end();
      if (params[1] === 'session' && params[2] === 'login') {
        const ok = (params[3] as { password: string }).password === 'secret';
        return res.end(
          JSON.stringify({ jsonrpc: '2.0', id: 1, result: ok ? [0, { ubus_rpc_session: 'S1' }] : [6] }),
        );
      }
      if (params[0] === 'S1' && params[1] === 'luci-rpc' && params[2] === 'getDHCPLeases')
        return res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: [0, { dhcp_leases: leases }] }));
      res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result: [6] }));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
};

describe('online devices', () => {
  let t: TestApp;
  let ubus: Awaited<ReturnType<typeof startFakeUbus>>;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-leases-'));
  const leasesFile = path.join(dir, 'dhcp.leases');
  beforeAll(async () => {
    fs.writeFileSync(
      leasesFile,
      [
        '1763900000 3c:5a:b4:11:22:33 192.168.1.10 pixel *',
        '1763900000 10:06:48:01:02:03 192.168.1.11 laptop 01:10:06:48:01:02:03',
        '1763900000 da:a1:19:00:00:01 192.168.1.12 randomised *',
      ].join('\n'),
    );
    ubus = await startFakeUbus([
      { macaddr: '00:1B:C5:00:0A:BC', ipaddr: '192.168.1.20', hostname: 'sensor' },
    ]);
    t = await createTestApp({
      ownerGuard: testOwnerGuard,
      now: Date.UTC(2026, 10, 20, 8),
      env: {
        DEVICE_SOURCE: `leases:${leasesFile},ubus`,
        DEVICE_UBUS_URL: ubus.url,
        DEVICE_UBUS_PASSWORD: 'secret',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    await ubus.close();
  });
  const owner = (method: 'GET' | 'PUT', url: string, payload?: object) =>
    t.server.inject({ method, url: `/api${url}`, headers: asOwner, ...(payload ? { payload } : {}) });

  it('lists devices from the leases file and ubus with vendors', async () => {
    const res = (await owner('GET', '/spider/online-device')).json().data;
    const byMac = Object.fromEntries(res.list.map((d: { mac: string }) => [d.mac, d]));
    expect(Object.keys(byMac).sort()).toEqual([
      '00:1b:c5:00:0a:bc',
      '10:06:48:01:02:03',
      '3c:5a:b4:11:22:33',
      'da:a1:19:00:00:01',
    ]);
    expect(byMac['3c:5a:b4:11:22:33']).toMatchObject({
      vendor: 'Google, Inc.',
      registry: 'MA-L',
      online: true,
    });
    expect(byMac['10:06:48:01:02:03']).toMatchObject({ registry: 'MA-M', hostname: 'laptop' });
    expect(byMac['10:06:48:01:02:03'].vendor).toContain('FLEXTRONICS');
    expect(byMac['00:1b:c5:00:0a:bc']).toMatchObject({ vendor: 'Converging Systems Inc.', registry: 'MA-S' });
    expect(byMac['da:a1:19:00:00:01']).toMatchObject({ registry: 'private', vendor: '' });
  });

  it('keeps first/last seen and today’s presence; a device that left is offline', async () => {
    const start = t.clock.now;
    t.clock.advance(60_000);
    await owner('GET', '/spider/online-device');
    fs.writeFileSync(leasesFile, '1763900000 3c:5a:b4:11:22:33 192.168.1.10 pixel *\n');
    t.clock.advance(presenceGapMs + 60_000);
    const res = (await owner('GET', '/spider/online-device')).json().data;
    const pixel = res.list.find((d: { mac: string }) => d.mac === '3c:5a:b4:11:22:33');
    expect(pixel.firstSeen).toBe(start);
    expect(pixel.today).toHaveLength(2);
    expect(pixel.onlineSince).toBe(t.clock.now);
    const laptop = res.list.find((d: { mac: string }) => d.mac === '10:06:48:01:02:03');
    expect(laptop).toMatchObject({ online: false, onlineSince: null, lastSeen: start + 60_000 });
    expect(laptop.today).toEqual([{ start, end: start + 60_000 }]);
    expect(
      (await owner('PUT', '/spider/online-device/10-06-48-01-02-03', { label: '工作电脑' })).statusCode,
    ).toBe(200);
    const again = (await owner('GET', '/spider/online-device')).json().data;
    expect(again.list.find((d: { mac: string }) => d.mac === '10:06:48:01:02:03').label).toBe('工作电脑');
  });

  it('looks MACs up offline; garbage is a 4000', async () => {
    expect((await owner('GET', '/api/other/mac-info?mac=3C5AB4000000')).json().data).toMatchObject({
      mac: '3c:5a:b4:00:00:00',
      vendor: 'Google, Inc.',
      registry: 'MA-L',
    });
    expect((await owner('GET', '/api/other/mac-info?mac=02:00:00:00:00:01')).json().data.registry).toBe(
      'private',
    );
    for (const mac of ['zz:zz:zz:zz:zz:zz', '3c:5a:b4', '', '3c5ab4112233445566']) {
      const res = await owner('GET', `/api/other/mac-info?mac=${encodeURIComponent(mac)}`);
      expect(res.json().code).toBe(4000);
    }
    expect((await owner('PUT', '/spider/online-device/nope', { label: 'x' })).json().code).toBe(4000);
    expect((await t.server.inject({ method: 'GET', url: '/api/spider/online-device' })).json().code).toBe(
      4010,
    );
    expect(
      (await t.server.inject({ method: 'GET', url: '/api/api/other/mac-info?mac=3c5ab4000000' })).json().code,
    ).toBe(4010);
  });

  it('reads the neighbour table, skipping incomplete entries', () => {
    const arp = [
      'IP address       HW type     Flags       HW address            Mask     Device',
      '192.168.1.10     0x1         0x2         3c:5a:b4:11:22:33     *        br-lan',
      '192.168.1.99     0x1         0x0         00:00:00:00:00:00     *        br-lan',
    ].join('\n');
    expect(parseArp(arp)).toEqual([{ mac: '3c:5a:b4:11:22:33', ip: '192.168.1.10', hostname: '' }]);
  });
});
