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

/** A press that moved less than 5px in total is a tap (spec §9). */
export const isTap = (moved: number): boolean => moved < Limits.viewerTapThresholdPx;
