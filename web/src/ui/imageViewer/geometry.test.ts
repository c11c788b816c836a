import { describe, expect, it } from 'vitest';
import { fitFrame, isTap, zoomFrame } from './geometry.ts';

describe('image viewer geometry (spec §2, §9)', () => {
  it('fits into 80% of the viewport, centred', () => {
    expect(fitFrame({ width: 800, height: 500 }, { width: 1000, height: 1000 })).toEqual({
      x: 500,
      y: 500,
      width: 800,
      height: 500,
    });
    expect(fitFrame({ width: 100, height: 400 }, { width: 1000, height: 500 }).height).toBe(400);
  });

  it('zooms around the given point', () => {
    const zoomed = zoomFrame({ x: 100, y: 100, width: 200, height: 100 }, 2, { x: 0, y: 0 });
    expect(zoomed).toEqual({ x: 200, y: 200, width: 400, height: 200 });
  });

  it('never lets the smaller side fall below 50px', () => {
    const zoomed = zoomFrame({ x: 0, y: 0, width: 200, height: 100 }, 0.1, { x: 0, y: 0 });
    expect(zoomed.height).toBe(50);
    expect(zoomed.width).toBe(100);
  });

  it.each([
    [0, true],
    [4.9, true],
    [5, false],
  ])('a press that moved %fpx is a tap: %s', (moved, tap) => {
    expect(isTap(moved)).toBe(tap);
  });
});
