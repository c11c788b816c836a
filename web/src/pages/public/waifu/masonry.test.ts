import { describe, expect, it } from 'vitest';
import { columnsFor, masonryColumns } from './masonry.ts';

const item = (id: number, width: number, height: number) => ({ id, width, height });

describe('masonryColumns', () => {
  it('puts each item into the shortest column so far', () => {
    const items = [item(1, 100, 300), item(2, 100, 100), item(3, 100, 100), item(4, 100, 100)];
    expect(masonryColumns(items, 2).map((column) => column.map((i) => i.id))).toEqual([[1], [2, 3, 4]]);
  });

  it('keeps every item exactly once', () => {
    const items = Array.from({ length: 17 }, (_, i) => item(i, 100 + i, 80 + ((i * 37) % 200)));
    const placed = masonryColumns(items, 3)
      .flat()
      .map((i) => i.id);
    expect(placed.sort((a, b) => a - b)).toEqual(items.map((i) => i.id));
  });

  it('treats a zero width as a square instead of dividing by zero', () => {
    expect(masonryColumns([item(1, 0, 0), item(2, 100, 100)], 2).map((c) => c.length)).toEqual([1, 1]);
  });

  it.each([
    [0, 1],
    [3, 3],
  ])('with %i columns asked makes %i', (asked, made) => {
    expect(masonryColumns([item(1, 1, 1)], asked)).toHaveLength(made);
  });
});

describe('columnsFor', () => {
  it.each([
    [360, 2],
    [760, 3],
    [1000, 4],
    [3000, 5],
  ])('%ipx → %i columns', (width, columns) => {
    expect(columnsFor(width)).toBe(columns);
  });
});
