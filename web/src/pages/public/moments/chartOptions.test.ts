import { describe, expect, it } from 'vitest';
import { heatmapOption, hourOption } from './chartOptions.ts';

const colours = { fg: '#000', muted: '#777', accent: '#f00', empty: '#eee', border: '#ddd' };

describe('heatmapOption', () => {
  const days = [
    { date: '2025-11-23', count: 0 },
    { date: '2025-11-24', count: 4 },
    { date: '2026-11-22', count: 1 },
  ];
  const option = heatmapOption(days, colours);

  it('spans the calendar from the first to the last day', () => {
    expect(option.calendar.range).toEqual(['2025-11-23', '2026-11-22']);
  });

  it('scales colours to the busiest day', () => {
    expect(option.visualMap.max).toBe(4);
  });

  it('plots one cell per day', () => {
    expect(option.series[0]?.data).toEqual([
      ['2025-11-23', 0],
      ['2025-11-24', 4],
      ['2026-11-22', 1],
    ]);
  });

  it('keeps a scale of at least 1 for an empty year', () => {
    expect(heatmapOption([{ date: '2026-01-01', count: 0 }], colours).visualMap.max).toBe(1);
  });
});

describe('hourOption', () => {
  it('labels 24 hours and plots their counts', () => {
    const hours = Array.from({ length: 24 }, (_, h) => h % 3);
    const option = hourOption(hours, colours);
    expect(option.xAxis.data).toHaveLength(24);
    expect(option.series[0]?.data).toEqual(hours);
  });
});
