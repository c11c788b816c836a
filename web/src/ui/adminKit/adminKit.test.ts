import { describe, expect, it } from 'vitest';
import { pageRoutes } from '../../app/routeTable.ts';
import { adminMenu } from './adminMenu.ts';
import { formatBytes, relativeTime } from './format.ts';

describe('admin menu', () => {
  it('lists every back-office route of the route table exactly once', () => {
    const menu = adminMenu.flatMap((g) => g.items.map((i) => i.path)).sort();
    const routes = pageRoutes
      .filter((r) => r.path.startsWith('/great-old-one/') && r.inMenu !== false)
      .map((r) => r.path)
      .sort();
    expect(menu).toEqual(routes);
    // The spec's 16 pages, Webhook (issue 26.5), API 令牌 (issue 26.4), 导入搬家 (issue 27), 联邦宇宙 (29),
    // 订阅者 (43).
    expect(menu).toHaveLength(21);
  });
});

describe('relativeTime', () => {
  const now = Date.UTC(2026, 10, 22, 12);
  it.each([
    [now + 3 * 3_600_000 + 59_000, '3小时后'],
    [now - 5 * 60_000, '5分钟前'],
    [now + 86_400_000, '明天'],
    [now + 400, '现在'],
  ])('%s → %s', (ms, text) => {
    expect(relativeTime(ms, now).replace(/\s/g, '')).toBe(text);
  });
});

describe('formatBytes', () => {
  it.each([
    [512, '512 B'],
    [1536, '1.5 KB'],
    [20 * 1024 * 1024, '20.0 MB'],
    [300 * 1024 * 1024, '300 MB'],
  ])('%s → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
