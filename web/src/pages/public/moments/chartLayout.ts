import type { DayCount } from '@candy/contract/calls/moments';
import { monthName } from './dateWords.ts';

/**
 * Geometry of the two moment charts, drawn as plain SVG (issue 16: ECharts cost ≈ 186 KB gzip on
 * this page for a calendar and 24 bars). Pure functions, so the drawing is tested without a DOM.
 */

export const CELL = 13;
export const GAP = 2;
export const HEATMAP_LEFT = 28;
export const HEATMAP_TOP = 18;

/** 0 = no moment, 1–4 = quarters of the busiest day. */
export const levelOf = (count: number, max: number): number =>
  count <= 0 ? 0 : Math.min(4, Math.max(1, Math.ceil((count / Math.max(1, max)) * 4)));

/** Monday = 0 … Sunday = 6, for a `YYYY-MM-DD` date (read as UTC, so no time zone moves it). */
export const weekdayOf = (date: string): number => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

export interface HeatCell {
  date: string;
  count: number;
  level: number;
  x: number;
  y: number;
}

/** One cell a day, weeks as columns (Monday on top), like a contributions calendar. */
export const heatmapLayout = (days: readonly DayCount[]) => {
  const max = Math.max(1, ...days.map((d) => d.count));
  const offset = days[0] ? weekdayOf(days[0].date) : 0;
  const cells: HeatCell[] = days.map((day, index) => {
    const slot = index + offset;
    return {
      date: day.date,
      count: day.count,
      level: levelOf(day.count, max),
      x: HEATMAP_LEFT + Math.floor(slot / 7) * (CELL + GAP),
      y: HEATMAP_TOP + (slot % 7) * (CELL + GAP),
    };
  });
  const months = monthLabels(cells);
  const weeks = Math.ceil((days.length + offset) / 7);
  const last = months[months.length - 1];
  return {
    cells,
    months,
    max,
    // Wide enough for a month that begins in the last column to show its whole label.
    width: Math.max(HEATMAP_LEFT + weeks * (CELL + GAP) + 4, last ? last.x + MONTH_LABEL_WIDTH : 0),
    height: HEATMAP_TOP + 7 * (CELL + GAP),
  };
};

/** The cell under a point of the heatmap (its own pixels, unscaled; a gap counts with the cell before it), or null off the days. */
export const cellAt = (cells: readonly HeatCell[], x: number, y: number): HeatCell | null => {
  const column = Math.floor((x - HEATMAP_LEFT) / (CELL + GAP));
  const row = Math.floor((y - HEATMAP_TOP) / (CELL + GAP));
  if (column < 0 || row < 0 || row > 6) return null;
  const cellX = HEATMAP_LEFT + column * (CELL + GAP);
  const cellY = HEATMAP_TOP + row * (CELL + GAP);
  return cells.find((cell) => cell.x === cellX && cell.y === cellY) ?? null;
};

/** Room a month label ("12月" at 10px) takes, with a little space after it. */
export const MONTH_LABEL_WIDTH = 2 * (CELL + GAP);

/**
 * A month's label above the column holding its first day, and one above the first column for the
 * month the year starts in — unless the next month begins too close to it: then that partial month
 * goes unlabelled rather than the two labels running into each other.
 */
const monthLabels = (cells: readonly HeatCell[]) => {
  const labels = cells
    .filter((cell) => cell.date.endsWith('-01') || cell === cells[0])
    .map((cell) => ({ x: cell.x, label: monthName(Number(cell.date.slice(5, 7))) }));
  const [first, second] = labels;
  if (first && second && second.x - first.x < MONTH_LABEL_WIDTH) labels.shift();
  return labels;
};

/** The hour chart's plot and its left margin for the count axis, in SVG units. */
export const PLOT_W = 480;
export const PLOT_H = 140;
export const PLOT_LEFT = 28;
/** The hour chart's viewBox: it is drawn 100 % wide, so its height follows the width. */
export const hourViewBox = `0 0 ${PLOT_LEFT + PLOT_W + 4} ${PLOT_H + 30}`;

export interface HourBar {
  hour: number;
  count: number;
  x: number;
  y: number;
  height: number;
}

/** 24 bars in a `width` × `height` plot, scaled to the busiest hour. */
export const hourLayout = (hours: readonly number[], width: number, height: number) => {
  const max = Math.max(1, ...hours);
  const slot = width / 24;
  const bars: HourBar[] = hours.map((count, hour) => {
    const h = (count / max) * height;
    return { hour, count, x: hour * slot + slot * 0.15, y: height - h, height: h };
  });
  return { bars, max, barWidth: slot * 0.7 };
};
