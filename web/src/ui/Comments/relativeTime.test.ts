import { describe, expect, it } from 'vitest';
import { relativeTime } from './relativeTime.ts';

const now = new Date(2026, 10, 22, 12, 0, 0).getTime();

describe('relativeTime', () => {
  it.each([
    [now - 5_000, '刚刚'],
    [now - 5 * 60_000, '5 分钟前'],
    [now - 3 * 3_600_000, '3 小时前'],
    [now - 2 * 86_400_000, '2 天前'],
    [new Date(2026, 0, 5, 9, 0).getTime(), '2026-01-05'],
  ])('%i → %s', (then, text) => {
    expect(relativeTime(then, now)).toBe(text);
  });
});
