import { describe, expect, it } from 'vitest';
import { DAY, type PrunableRevision, revisionsToPrune } from './pruneRule.ts';

const now = Date.UTC(2025, 5, 30, 12);
const rev = (id: number, created_at: number, target_id = 1): PrunableRevision => ({
  id,
  target_type: 'essay',
  target_id,
  created_at,
});

describe('the revisions prune rule', () => {
  it.each([
    [
      'keeps everything of the last 30 days',
      [rev(1, now - DAY), rev(2, now - DAY + 5), rev(3, now - 29 * DAY)],
      [],
    ],
    [
      'keeps the last of each older day',
      [rev(1, Date.UTC(2025, 0, 3, 8)), rev(2, Date.UTC(2025, 0, 3, 20)), rev(3, Date.UTC(2025, 0, 4, 1))],
      [1],
    ],
    [
      'decides per target',
      [
        rev(1, Date.UTC(2025, 0, 3, 8), 1),
        rev(2, Date.UTC(2025, 0, 3, 9), 2),
        rev(3, Date.UTC(2025, 0, 3, 10), 1),
      ],
      [1],
    ],
    ['breaks a tie of times by id', [rev(7, Date.UTC(2025, 0, 3)), rev(8, Date.UTC(2025, 0, 3))], [7]],
  ])('%s', (_, rows, pruned) => {
    expect(revisionsToPrune(rows, now).sort()).toEqual(pruned);
  });
});
