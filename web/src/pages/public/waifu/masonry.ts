export interface Sized {
  width: number;
  height: number;
}

/**
 * Deals items into `columns` columns, each to the column that is currently shortest, using the
 * sizes known up front — so the layout is final before any image has loaded.
 */
export const masonryColumns = <T extends Sized>(items: readonly T[], columns: number): T[][] => {
  const count = Math.max(1, Math.floor(columns));
  const result: T[][] = Array.from({ length: count }, () => []);
  const heights: number[] = new Array(count).fill(0);
  for (const item of items) {
    let shortest = 0;
    for (let i = 1; i < count; i += 1) if ((heights[i] ?? 0) < (heights[shortest] ?? 0)) shortest = i;
    result[shortest]?.push(item);
    // Height at unit width: what the item adds to its column.
    heights[shortest] = (heights[shortest] ?? 0) + (item.width > 0 ? item.height / item.width : 1);
  }
  return result;
};

/** Columns for a container width: about 240px each, at least 2 on phones. */
export const columnsFor = (width: number): number => Math.max(2, Math.min(5, Math.floor(width / 240)));
