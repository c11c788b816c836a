import { Limits } from '@candy/contract/constants';

export interface Frame {
  /** Centre of the image in viewport pixels, and its displayed width and height. */
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Fits the natural size into 80% of the viewport, centred (spec §9). */
export const fitFrame = (
  natural: { width: number; height: number },
  viewport: { width: number; height: number },
): Frame => {
  const ratio = Limits.viewerFitRatio;
  const scale = Math.min(
    (viewport.width * ratio) / natural.width,
    (viewport.height * ratio) / natural.height,
  );
  return {
    x: viewport.width / 2,
    y: viewport.height / 2,
    width: natural.width * scale,
    height: natural.height * scale,
  };
};

/** Scales around a point (cursor or pinch centre); the smaller side never drops below 50px. */
export const zoomFrame = (frame: Frame, factor: number, at: { x: number; y: number }): Frame => {
  const smaller = Math.min(frame.width, frame.height);
  const f = Math.max(factor, Limits.viewerMinPx / smaller);
  return {
    x: at.x + (frame.x - at.x) * f,
    y: at.y + (frame.y - at.y) * f,
    width: frame.width * f,
    height: frame.height * f,
  };
};

export interface Point {
  x: number;
  y: number;
}

const midpoint = (a: Point, b: Point): Point => ({ x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 });

/**
 * The frame two fingers make of the frame they started on: scaled by the ratio of their distance
 * now to their distance at the start (so a ×3 spread is ×3), about their starting midpoint, then
 * moved with the midpoint — the picture stays under the fingers. Computed from the gesture's start
 * each time, never step by step, so no move event is lost or counted twice.
 */
export const pinchFrame = (
  start: Frame,
  from: readonly [Point, Point],
  to: readonly [Point, Point],
): Frame => {
  const factor =
    Math.hypot(to[0].x - to[1].x, to[0].y - to[1].y) /
    Math.max(1, Math.hypot(from[0].x - from[1].x, from[0].y - from[1].y));
  const startCentre = midpoint(...from);
  const centre = midpoint(...to);
  const zoomed = zoomFrame(start, factor, startCentre);
  return { ...zoomed, x: zoomed.x + centre.x - startCentre.x, y: zoomed.y + centre.y - startCentre.y };
};

/** A press that moved less than 5px in total is a tap (spec §9). */
export const isTap = (moved: number): boolean => moved < Limits.viewerTapThresholdPx;
