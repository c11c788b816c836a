/**
 * Contact sheet layout (issue 15), shared so the page can map a click on the sheet to a time:
 * `count` frames at the middles of equal slices of the video, `sheetColumns(count)` to a row.
 */
export const sheetTimes = (duration: number, count: number): number[] =>
  Array.from({ length: count }, (_, i) => Math.round(((i + 0.5) * duration * 1000) / count) / 1000);

export const sheetColumns = (count: number): number => Math.min(count, 4);
