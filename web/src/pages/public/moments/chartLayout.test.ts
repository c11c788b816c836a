import { describe, expect, it } from 'vitest';
import {
  CELL,
  cellAt,
  GAP,
  HEATMAP_LEFT,
  HEATMAP_TOP,
  heatmapLayout,
  hourLayout,
  levelOf,
  MONTH_LABEL_WIDTH,
  weekdayOf,
} from './chartLayout.ts';

/** The `YYYY-MM-DD` date `n` days after `date` (UTC). */
const dateAfter = (date: string, n: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

describe('heatmapLayout', () => {
  // Consecutive days, as the API answers them: a Saturday, a Sunday, a Monday.
  const days = [
    { date: '2025-11-29', count: 0 },
    { date: '2025-11-30', count: 4 },
    { date: '2025-12-01', count: 1 },
  ];
  const layout = heatmapLayout(days);

  it('reads weekdays Monday first', () => {
    expect(weekdayOf('2025-11-29')).toBe(5);
    expect(weekdayOf('2025-12-01')).toBe(0);
  });

  it('plots one cell per day, weeks as columns, Monday on top', () => {
    expect(layout.cells.map((c) => [c.x, c.y])).toEqual([
      [HEATMAP_LEFT, HEATMAP_TOP + 5 * (CELL + GAP)],
      [HEATMAP_LEFT, HEATMAP_TOP + 6 * (CELL + GAP)],
      [HEATMAP_LEFT + (CELL + GAP), HEATMAP_TOP],
    ]);
  });

  it('shades by quarters of the busiest day, empty days apart', () => {
    expect(layout.cells.map((c) => c.level)).toEqual([0, 4, 1]);
    expect(levelOf(2, 4)).toBe(2);
    expect(levelOf(0, 0)).toBe(0);
  });

  it('labels every month start; the first column only when the next month is not right beside it', () => {
    expect(layout.months.map((m) => m.label)).toEqual(['12月']);
    const early = heatmapLayout([
      { date: '2025-11-10', count: 0 },
      ...Array.from({ length: 30 }, (_, i) => ({ date: dateAfter('2025-11-10', i + 1), count: 0 })),
    ]);
    expect(early.months.map((m) => m.label)).toEqual(['11月', '12月']);
  });

  it('never lets two month labels overlap, nor the last one run past the edge (a year from any day)', () => {
    for (const start of ['2024-11-28', '2025-01-01', '2025-02-27', '2025-06-30', '2025-12-25']) {
      const year = heatmapLayout(
        Array.from({ length: 366 }, (_, i) => ({ date: dateAfter(start, i), count: 0 })),
      );
      const xs = year.months.map((m) => m.x);
      for (let i = 1; i < xs.length; i++)
        expect((xs[i] ?? 0) - (xs[i - 1] ?? 0)).toBeGreaterThanOrEqual(MONTH_LABEL_WIDTH);
      expect((xs[xs.length - 1] ?? 0) + MONTH_LABEL_WIDTH).toBeLessThanOrEqual(year.width);
    }
  });

  it('keeps a scale of at least 1 for an empty year', () => {
    expect(heatmapLayout([{ date: '2026-01-01', count: 0 }]).max).toBe(1);
  });
});

describe('hourLayout', () => {
  it('draws 24 bars scaled to the busiest hour', () => {
    const hours = Array.from({ length: 24 }, (_, h) => h % 3);
    const { bars, max } = hourLayout(hours, 240, 100);
    expect(bars).toHaveLength(24);
    expect(max).toBe(2);
    expect(bars[2]?.height).toBe(100);
    expect(bars[1]?.height).toBe(50);
    expect(bars[0]?.height).toBe(0);
  });
});

describe('cellAt', () => {
  const layout = heatmapLayout(
    Array.from({ length: 20 }, (_, index) => ({
      date: `2026-03-${String(index + 1).padStart(2, '0')}`,
      count: index,
    })),
  );
  it('finds the cell under a point, and nothing in a gap or outside', () => {
    const cell = layout.cells[9];
    if (!cell) throw new Error('no cell');
    expect(cellAt(layout.cells, cell.x + 1, cell.y + 12)?.date).toBe('2026-03-10');
    expect(cellAt(layout.cells, 2, cell.y)).toBeNull();
    expect(cellAt(layout.cells, cell.x, HEATMAP_TOP + 7 * 15 + 1)).toBeNull();
  });
});
