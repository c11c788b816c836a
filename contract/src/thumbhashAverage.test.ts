import { rgbaToThumbHash, thumbHashToAverageRGBA } from 'thumbhash';
import { describe, expect, it } from 'vitest';
import { thumbhashAverage } from './thumbhashAverage.ts';

/** A w×h picture of two colours side by side, as RGBA bytes. */
const picture = (w: number, h: number, left: number[], right: number[]): Uint8Array => {
  const bytes = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y += 1)
    for (let x = 0; x < w; x += 1) bytes.set(x < w / 2 ? left : right, (y * w + x) * 4);
  return bytes;
};

describe('a thumbhash’s average colour', () => {
  it.each([
    ['opaque red and blue', 32, 24, [220, 30, 40, 255], [20, 60, 230, 255]],
    ['a dark photo-like pair', 40, 30, [12, 18, 24, 255], [90, 70, 40, 255]],
    ['white and yellow', 24, 24, [255, 255, 255, 255], [250, 220, 0, 255]],
    ['half transparent', 20, 20, [0, 128, 0, 60], [200, 0, 200, 255]],
  ])('is what the thumbhash package reads (%s)', (_name, w, h, left, right) => {
    const hash = rgbaToThumbHash(w, h, picture(w, h, left, right));
    const ours = thumbhashAverage(hash);
    const theirs = thumbHashToAverageRGBA(hash);
    for (const channel of ['r', 'g', 'b', 'a'] as const)
      expect(ours[channel]).toBeCloseTo(theirs[channel], 12);
  });
});
