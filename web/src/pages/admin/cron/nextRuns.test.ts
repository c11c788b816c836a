import { describe, expect, it } from 'vitest';
import { nextRuns } from './nextRuns.ts';

describe('cron preview', () => {
  it('lists the next five runs of an expression', () => {
    const from = new Date(2026, 0, 1, 10, 7);
    const { runs, error } = nextRuns('*/30 * * * *', 5, from);
    expect(error).toBeNull();
    expect(runs.map((d) => `${d.getHours()}:${d.getMinutes()}`)).toEqual([
      '10:30',
      '11:0',
      '11:30',
      '12:0',
      '12:30',
    ]);
  });

  it('says why an expression is not one', () => {
    const result = nextRuns('every day');
    expect(result.runs).toEqual([]);
    expect(result.error).toMatch(/five, six, or seven/);
  });
});
