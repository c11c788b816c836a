import { describe, expect, it } from 'vitest';
import { pointsToKeep, type RetentionPolicy } from './retention.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
const now = Date.UTC(2026, 11, 5, 12, 0);
const policy: RetentionPolicy = { pointDays: 2, daily: 3, weekly: 2, monthly: 2 };
const at = (ms: number) => ({ id: new Date(ms).toISOString(), createdAt: ms });

describe('retention', () => {
  it.each([
    [
      'two points of the same minute within pointDays: the newer only',
      [now - 30_000, now - 50_000],
      [now - 30_000],
    ],
    [
      'one point per minute within pointDays: all',
      [now - MINUTE, now - 2 * MINUTE, now - DAY],
      [now - MINUTE, now - 2 * MINUTE, now - DAY],
    ],
    [
      'beyond pointDays: the newest of each of the last 3 days',
      [now - 3 * DAY, now - 3 * DAY - MINUTE, now - 4 * DAY, now - 5 * DAY],
      [now - 3 * DAY, now - 4 * DAY, now - 5 * DAY],
    ],
    ['the newest point, however old', [now - 400 * DAY], [now - 400 * DAY]],
  ])('%s', (_, times, kept) => {
    expect([...pointsToKeep(times.map(at), now, policy)].sort()).toEqual(kept.map((t) => at(t).id).sort());
  });

  it('keeps the newest point of each recent day, week and month, and drops the rest', () => {
    // One point a day at 11:00 for 120 days; now is Saturday 2026-12-05 12:00 UTC.
    const points = Array.from({ length: 120 }, (_, i) => at(now - i * DAY - 3_600_000));
    const kept = [...pointsToKeep(points, now, policy)].map((id) => (now - 3_600_000 - Date.parse(id)) / DAY);
    // 0, 1: within pointDays; 2: the third daily; 5: November's newest (Nov 30); 6: last week's
    // newest (Sunday Nov 29; weeks start on Monday).
    expect(kept.sort((a, b) => a - b)).toEqual([0, 1, 2, 5, 6]);
  });
});
