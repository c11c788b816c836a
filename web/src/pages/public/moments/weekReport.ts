import type { WeekReport, WeekSummary } from '@candy/contract/calls/moments';
import { t } from '../../../i18n/i18n.ts';
import { weekdayOf } from './dateWords.ts';

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

/** `2026-11-18` → `11-18 周三` (`11-18 Wed` in English; the date is a calendar day, read as such). */
export const dayLabel = (date: string): string => `${date.slice(5)} ${weekdayOf(date)}`;

const change = (now: number, before: number): string => {
  const delta = now - before;
  return delta > 0 ? `+${delta}` : delta < 0 ? String(delta) : '±0';
};

const busiest = (week: WeekSummary): WeekCell =>
  week.busiestDay
    ? [dayLabel(week.busiestDay.date), t('moments.week.count', { count: week.busiestDay.count })]
    : ['—', '\u00a0'];

/** This week against last: moments, images, busiest day, longest streak (words in the active language). */
export const weekRows = ({ thisWeek, lastWeek }: WeekReport): WeekRow[] => [
  {
    label: t('moments.week.moments'),
    thisWeek: String(thisWeek.count),
    lastWeek: String(lastWeek.count),
    change: change(thisWeek.count, lastWeek.count),
  },
  {
    label: t('moments.week.images'),
    thisWeek: String(thisWeek.images),
    lastWeek: String(lastWeek.images),
    change: change(thisWeek.images, lastWeek.images),
  },
  { label: t('moments.week.busiest'), thisWeek: busiest(thisWeek), lastWeek: busiest(lastWeek), change: '' },
  {
    label: t('moments.week.streak'),
    thisWeek: t('moments.week.days', { count: thisWeek.longestStreak }),
    lastWeek: t('moments.week.days', { count: lastWeek.longestStreak }),
    change: change(thisWeek.longestStreak, lastWeek.longestStreak),
  },
];
