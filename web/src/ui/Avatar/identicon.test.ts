import { describe, expect, it } from 'vitest';
import { identicon, identiconSize } from './identicon.ts';

describe('identicon', () => {
  it('is the same for the same seed', () => {
    expect(identicon('9f86d081884c7d65')).toEqual(identicon('9f86d081884c7d65'));
  });

  it('differs between seeds', () => {
    const seeds = Array.from({ length: 50 }, (_, i) => `seed-${i}`);
    const patterns = new Set(seeds.map((seed) => JSON.stringify(identicon(seed))));
    expect(patterns.size).toBe(seeds.length);
  });

  it.each(['a', 'uuid-1', '0123456789abcdef'])('is mirrored left to right for %s', (seed) => {
    const { cells } = identicon(seed);
    for (let row = 0; row < identiconSize; row += 1) {
      const line = cells.slice(row * identiconSize, (row + 1) * identiconSize);
      expect(line).toEqual([...line].reverse());
    }
  });

  it('has 25 cells and a hue in 0–359', () => {
    const { cells, hue } = identicon('x');
    expect(cells).toHaveLength(25);
    expect(hue).toBeGreaterThanOrEqual(0);
    expect(hue).toBeLessThan(360);
  });
});
