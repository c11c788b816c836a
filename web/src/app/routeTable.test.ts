import { isSitePath, pagePaths } from '@candy/contract/sitePaths';
import { describe, expect, it } from 'vitest';
import { pageRoutes, resolvePath } from './routeTable.ts';

describe('the route table', () => {
  it("has exactly the pages the server serves the app at (contract's pagePaths)", () => {
    const fixed = pageRoutes.filter((r) => !r.matches).map((r) => r.path);
    expect([...fixed].sort()).toEqual([...pagePaths].sort());
  });

  it.each(['/chaos/12', '/chaos/12/'])('shows the essay page at %s', (path) => {
    const resolved = resolvePath(path);
    expect(resolved.kind === 'page' && resolved.route.path).toBe('/chaos/:id');
  });

  it.each(['/chaos/abc', '/chaos/1/2', '/nowhere'])(
    'sends %s to / on the client and the server alike',
    (path) => {
      expect(resolvePath(path)).toEqual({ kind: 'redirect', to: '/' });
      expect(isSitePath(path)).toBe(false);
    },
  );
});
