import { afterAll, describe, expect, it } from 'vitest';
import { switchTo } from '../../i18n/i18n.ts';
import { relativeTime } from './relativeTime.ts';

const now = new Date(2026, 10, 22, 12, 0, 0).getTime();

describe('relativeTime', () => {
  afterAll(() => switchTo('zh-CN'));

  it.each([
    [now - 5_000, '刚刚'],
    [now - 5 * 60_000, '5分钟前'],
    [now - 3 * 3_600_000, '3小时前'],
    [now - 2 * 86_400_000, '2天前'],
    [new Date(2026, 0, 5, 9, 0).getTime(), '2026-01-05'],
  ])('%i → %s', (then, text) => {
    expect(relativeTime(then, now)).toBe(text);
  });

  it('speaks the active language (issue 44)', async () => {
    await switchTo('en');
    expect(relativeTime(now - 5_000, now)).toBe('just now');
    expect(relativeTime(now - 60_000, now)).toBe('1 minute ago');
    expect(relativeTime(now - 3 * 3_600_000, now)).toBe('3 hours ago');
    expect(relativeTime(new Date(2026, 0, 5, 9, 0).getTime(), now)).toBe('2026-01-05');
  });
});
