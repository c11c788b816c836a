import type { WeekSummary } from '@candy/contract/calls/moments';
import { dateOf, dayIndexOf, mondayOf } from './localDays.ts';

export interface WeekInput {
  /** Today's local day index. */
  today: number;
  offset: number;
  /** 0 = this week (Monday up to today), 1 = last week (all seven days). */
  weeksAgo: number;
  imagesOf(json: string): unknown[];
}

/** One week of the report: count, images, busiest day (earliest on a tie), longest run of active days. */
export const summariseWeek = (
  rows: readonly { created_at: number; images: string }[],
  { today, offset, weeksAgo, imagesOf }: WeekInput,
): WeekSummary => {
  const monday = mondayOf(today) - 7 * weeksAgo;
  const last = weeksAgo === 0 ? today : monday + 6;
  const perDay = new Map<number, number>();
  let images = 0;
  for (const row of rows) {
    const day = dayIndexOf(row.created_at, offset);
    if (day < monday || day > last) continue;
    perDay.set(day, (perDay.get(day) ?? 0) + 1);
    images += imagesOf(row.images).length;
  }

  let busiestDay: WeekSummary['busiestDay'] = null;
  let longestStreak = 0;
  let streak = 0;
  for (let day = monday; day <= last; day++) {
    const count = perDay.get(day) ?? 0;
    if (count > (busiestDay?.count ?? 0)) busiestDay = { date: dateOf(day), count };
    streak = count > 0 ? streak + 1 : 0;
    longestStreak = Math.max(longestStreak, streak);
  }
  return {
    start: dateOf(monday),
    count: [...perDay.values()].reduce((a, b) => a + b, 0),
    images,
    busiestDay,
    longestStreak,
  };
};
