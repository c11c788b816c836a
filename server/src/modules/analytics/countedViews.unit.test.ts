import { describe, expect, it } from 'vitest';
import { countedViews, viewWindowMs } from './repo.ts';

const MIN = 60_000;
const view = (clientId: number, path: string, at: number) => ({
  clientId,
  view: { uuid: `client-${clientId}`, at, path, referrer: '' },
});

describe('countedViews: one view a client and page per window, whatever order batches arrive in', () => {
  it.each([
    ['one page, calls a second apart', [view(1, '/a', 0), view(1, '/a', 1000)], new Map(), 1],
    ['two pages', [view(1, '/a', 0), view(1, '/b', 1000)], new Map(), 2],
    ['two clients on one page', [view(1, '/a', 0), view(2, '/a', 0)], new Map(), 2],
    ['the page again after the window', [view(1, '/a', 0), view(1, '/a', viewWindowMs)], new Map(), 2],
    ['counted by another replica just before', [view(1, '/a', 5 * MIN)], new Map([['1\t/a', 4 * MIN]]), 0],
    [
      'counted by another replica later (batches out of order)',
      [view(1, '/a', 4 * MIN)],
      new Map([['1\t/a', 5 * MIN]]),
      0,
    ],
    ['counted long ago', [view(1, '/a', 40 * MIN)], new Map([['1\t/a', 0]]), 1],
  ])('%s', (_name, views, seen, expected) => {
    expect(countedViews(views, new Map(seen)).counted).toHaveLength(expected);
  });

  it('answers the seen marks to store: the latest counted time of each client and page', () => {
    const seen = new Map<string, number>();
    const { changed } = countedViews([view(1, '/a', 0), view(1, '/a', 31 * MIN), view(1, '/b', MIN)], seen);
    expect([...changed.keys()].sort()).toEqual(['1\t/a', '1\t/b']);
    expect(seen.get('1\t/a')).toBe(31 * MIN);
  });
});
