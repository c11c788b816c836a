import type { WeekReport, WeekSummary } from '@candy/contract/calls/moments';

/**
 * A cell's text, or its two lines: the busiest day is always a date over a count, so the table is
 * as tall as its skeleton whatever the numbers (issue 30: on a phone the one-line form wrapped,
 * and the moments below moved when the report arrived).
 */
export type WeekCell = string | readonly [string, string];

export interface WeekRow {
  label: string;
  thisWeek: WeekCell;
  lastWeek: WeekCell;
  /** Signed change for numeric rows ('+3', '-1', '±0'); empty for the busiest day. */
  change: string;
}

const weekdays = ['周日', '周一', '周二', '周三', '周四', '周五', '周六'];

/** `2026-11-18` → `11-18 周三` (the date is a calendar day, read as such). */
export const dayLabel = (date: string): string => {
  const [year, month, day] = date.split('-').map(Number);
  const weekday = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1)).getUTCDay();
  return `${date.slice(5)} ${weekdays[weekday]}`;
};

const change = (now: number, before: number): string => {
  const delta = now - before;
  return delta > 0 ? `+${delta}` : delta < 0 ? String(delta) : '±0';
};

const busiest = (week: WeekSummary): WeekCell =>
  week.busiestDay ? [dayLabel(week.busiestDay.date), `${week.busiestDay.count} 条`] : ['—', '\u00a0'];

/** This week against last: moments, images, busiest day, longest streak. */
export const weekRows = ({ thisWeek, lastWeek }: WeekReport): WeekRow[] => [
  {
    label: '动态',
    thisWeek: String(thisWeek.count),
    lastWeek: String(lastWeek.count),
    change: change(thisWeek.count, lastWeek.count),
  },
  {
    label: '图片',
    thisWeek: String(thisWeek.images),
    lastWeek: String(lastWeek.images),
    change: change(thisWeek.images, lastWeek.images),
  },
  { label: '最忙的一天', thisWeek: busiest(thisWeek), lastWeek: busiest(lastWeek), change: '' },
  {
    label: '最长连续',
    thisWeek: `${thisWeek.longestStreak} 天`,
    lastWeek: `${lastWeek.longestStreak} 天`,
    change: change(thisWeek.longestStreak, lastWeek.longestStreak),
  },
];
