import { describe, expect, it } from 'vitest';
import { fitFrame, isTap, pinchFrame, zoomFrame } from './geometry.ts';

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

  it('scales a pinch by the ratio of finger distances: a ×3 spread is ×3, about the fingers', () => {
    const start = { x: 500, y: 400, width: 200, height: 100 };
    const zoomed = pinchFrame(
      start,
      [
        { x: 450, y: 400 },
        { x: 550, y: 400 },
      ],
      [
        { x: 350, y: 400 },
        { x: 650, y: 400 },
      ],
    );
    expect(zoomed).toEqual({ x: 500, y: 400, width: 600, height: 300 });
  });

  it('keeps the point under the fingers under them as they move, and the 50px floor', () => {
    const start = { x: 500, y: 400, width: 200, height: 100 };
    const moved = pinchFrame(
      start,
      [
        { x: 400, y: 400 },
        { x: 500, y: 400 },
      ],
      [
        { x: 500, y: 500 },
        { x: 700, y: 500 },
      ],
    );
    // The start midpoint (450, 400) lay 50px left of the centre; at ×2 it lies 100px left of it,
    // and it has moved to the new midpoint (600, 500).
    expect(moved).toEqual({ x: 700, y: 500, width: 400, height: 200 });
    const pinched = pinchFrame(
      start,
      [
        { x: 0, y: 0 },
        { x: 400, y: 0 },
      ],
      [
        { x: 0, y: 0 },
        { x: 4, y: 0 },
      ],
    );
    expect(pinched.height).toBe(50);
  });

  it.each([
    [0, true],
    [4.9, true],
    [5, false],
  ])('a press that moved %fpx is a tap: %s', (moved, tap) => {
    expect(isTap(moved)).toBe(tap);
  });
});
