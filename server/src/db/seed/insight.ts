import type { Db } from '../index.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;

/** Demo figures for the analytics, online-device and map pages (issue 13); deterministic. */
export const seedInsight = async (db: Db, now: number, random: () => number): Promise<void> => {
  const devices = [
    ['desktop', 'Windows', 'Chrome'],
    ['mobile', 'iOS', 'Safari'],
    ['mobile', 'Android', 'Chrome'],
    ['desktop', 'macOS', 'Firefox'],
    ['tablet', 'iOS', 'Safari'],
  ] as const;
  const pages = ['/', '/chaos', '/moments', '/about', '/bangumi', '/waifu', '/chaos/1'];
  const referrers = ['', '', '', 'www.google.com', 'github.com', 'www.bing.com'];
  const today = Math.floor(now / DAY) * DAY;
  for (let c = 0; c < 24; c += 1) {
    const [platform, os, browser] = devices[c % devices.length] ?? devices[0];
    const firstDay = Math.floor(random() * 60);
    const first = today - firstDay * DAY + Math.floor(random() * 24) * HOUR;
    const rows = new Map<string, { hour: number; path: string; referrer: string; views: number }>();
    const referrer = referrers[c % referrers.length] ?? '';
    for (let v = 0; v < 3 + Math.floor(random() * 20); v += 1) {
      const hour = Math.min(today + 23 * HOUR, first + Math.floor(random() * (firstDay + 1) * 24) * HOUR);
      const path = pages[Math.floor(random() * pages.length)] ?? '/';
      const key = `${hour}|${path}`;
      const row = rows.get(key) ?? { hour, path, referrer: v === 0 ? referrer : '', views: 0 };
      row.views += 1;
      rows.set(key, row);
    }
    const list = [...rows.values()];
    const { id } = await db
      .insertInto('analytics_client')
      .values({
        uuid: `demo-${String(c).padStart(4, '0')}-${Math.floor(random() * 1e8).toString(16)}`,
        first_seen: Math.min(...list.map((r) => r.hour)),
        last_seen: Math.max(...list.map((r) => r.hour)),
        views: list.reduce((n, r) => n + r.views, 0),
        browser,
        os,
        platform,
        ip_hash: '',
        label: c === 0 ? '主人的电脑' : '',
        excluded: c === 0 ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('analytics_view')
      .values(list.map((r) => ({ client_id: id, ...r })))
      .execute();
  }

  const macs = [
    ['3c:5a:b4:12:34:56', '192.168.1.10', 'pixel-7', '主人的手机'],
    ['f0:18:98:ab:cd:ef', '192.168.1.11', 'macbook', '笔记本'],
    ['da:a1:19:3f:22:10', '192.168.1.23', '', ''],
    ['b8:27:eb:00:11:22', '192.168.1.2', 'raspberrypi', '树莓派'],
  ] as const;
  for (const [i, [mac, ip, hostname, label]] of macs.entries()) {
    await db
      .insertInto('net_device')
      .values({ mac, ip, hostname, label, first_seen: now - (10 + i) * DAY, last_seen: now - i * HOUR })
      .execute();
    await db
      .insertInto('net_presence')
      .values([
        { mac, start_at: today + (1 + i) * HOUR, end_at: today + (3 + i * 2) * HOUR },
        { mac, start_at: Math.max(today, now - (5 + i) * HOUR), end_at: now - i * HOUR },
      ])
      .execute();
  }

  const places = [
    ['王府井地下停车场', '东城区王府井大街', 39.9139, 116.4103, 400, 37, '8 元/小时'],
    ['国贸商城停车场', '朝阳区建国门外大街 1 号', 39.9087, 116.4605, 1200, 0, '15 元/小时'],
    ['天安门东停车场', '东城区东长安街', 39.9075, 116.4012, 200, 58, '10 元/小时'],
    ['西单大悦城停车场', '西城区西单北大街 131 号', 39.9104, 116.3737, 900, null, '12 元/小时'],
  ] as const;
  await db
    .insertInto('parking_place')
    .values(
      places.map(([name, address, lat, lng, capacity, free, price]) => ({
        name,
        address,
        lat,
        lng,
        capacity,
        free,
        price,
        created_at: now,
      })),
    )
    .execute();
  const orders = [];
  for (let i = 0; i < 14; i += 1) {
    const start = today - Math.floor(random() * 90) * DAY + (8 + Math.floor(random() * 10)) * HOUR;
    const hours = 1 + Math.floor(random() * 4);
    orders.push({
      place: places[i % places.length]?.[0] ?? '',
      start_at: start,
      end_at: start + hours * HOUR,
      fee: hours * 1000,
      status: i === 3 ? 'cancelled' : 'finished',
      created_at: start,
    });
  }
  orders.push({
    place: places[0][0],
    start_at: now - HOUR,
    end_at: null,
    fee: 0,
    status: 'ongoing',
    created_at: now - HOUR,
  });
  await db.insertInto('parking_order').values(orders).execute();
};
