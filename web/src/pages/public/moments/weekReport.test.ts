import type { WeekReport } from '@candy/contract/calls/moments';
import { describe, expect, it } from 'vitest';
import { dayLabel, weekRows } from './weekReport.ts';

const report: WeekReport = {
  utcOffsetMinutes: 480,
  thisWeek: {
    start: '2026-11-16',
    count: 5,
    images: 2,
    busiestDay: { date: '2026-11-18', count: 3 },
    longestStreak: 3,
  },
  lastWeek: { start: '2026-11-09', count: 7, images: 2, busiestDay: null, longestStreak: 1 },
};

describe('weekRows', () => {
  it('compares the two weeks row by row', () => {
    expect(weekRows(report)).toEqual([
      { label: '动态', thisWeek: '5', lastWeek: '7', change: '-2' },
      { label: '图片', thisWeek: '2', lastWeek: '2', change: '±0' },
      {
        label: '最忙的一天',
        thisWeek: ['11-18 周三', '3 条'],
        lastWeek: ['—', '\u00a0'],
        change: '',
      },
      { label: '最长连续', thisWeek: '3 天', lastWeek: '1 天', change: '+2' },
    ]);
  });
});

describe('dayLabel', () => {
  it.each([
    ['2026-11-16', '11-16 周一'],
    ['2026-11-22', '11-22 周日'],
  ])('%s → %s', (date, label) => {
    expect(dayLabel(date)).toBe(label);
  });
});
