/**
 * Long-screenshot stitching as pure functions over RGBA pixels, so the worker and the unit tests run
 * the same code. Frames are screenshots of one scrolling page, in scroll order, of equal width.
 */
import { coarseRows, rowHashes } from './rows.ts';

export interface RgbaImage {
  width: number;
  height: number;
  /** width × height × 4 bytes, row by row. */
  data: Uint8ClampedArray | Uint8Array;
}

/** Per-frame row signatures, computed once and reused by every comparison. */
export interface FrameSignature {
  height: number;
  hashes: Uint32Array;
  coarse: Uint8Array;
}

export interface PairOverlap {
  /** Rows of the next frame's scrolling area that repeat the end of the previous one. */
  rows: number;
  /** 0…1: share of exactly equal rows, lowered when another offset fits as well. */
  confidence: number;
  found: boolean;
}

export interface StitchPlan {
  width: number;
  heights: number[];
  /** Fixed rows at the top and bottom of every frame, kept once. */
  header: number;
  footer: number;
  /** overlaps[i] joins frame i and frame i + 1. */
  overlaps: PairOverlap[];
}

export interface Segment {
  frame: number;
  srcY: number;
  height: number;
  destY: number;
}

export interface Layout {
  width: number;
  height: number;
  segments: Segment[];
  /** Output rows where frame i + 1's new rows start, one per pair. */
  seams: number[];
}

/** Below this confidence the page asks the user to check the seam. */
export const UNSURE_BELOW = 0.9;
/** Fixed bars never take more than this share of a frame: identical frames stay one frame. */
const MAX_BAR_SHARE = 0.45;
/** Longest run of changing rows (clock, battery) allowed inside a fixed bar, as a share of height. */
const BAR_GAP_SHARE = 0.04;
/** Mean luminance difference (0…255) under which two coarse row runs count as the same. */
const COARSE_TOLERANCE = 6;
const COARSE_SAMPLES = 96;
const EXACT_CANDIDATES = 8;

export const signFrame = (image: RgbaImage): FrameSignature => ({
  height: image.height,
  hashes: rowHashes(image),
  coarse: coarseRows(image),
});

const barLength = (frames: FrameSignature[], fromBottom: boolean): number => {
  if (frames.length < 2) return 0;
  const minHeight = Math.min(...frames.map((f) => f.height));
  const limit = Math.floor(minHeight * MAX_BAR_SHARE);
  // A status-bar clock or battery icon changes between screenshots: a short run of differing rows
  // inside the bar does not end it; a longer one (the scrolling content) does.
  const maxGap = Math.max(8, Math.round(minHeight * BAR_GAP_SHARE));
  const at = (f: FrameSignature, y: number) => f.hashes[fromBottom ? f.height - 1 - y : y];
  const first = frames[0]!;
  let end = 0;
  for (let y = 0; y < limit && y - end < maxGap; y++) {
    if (frames.every((f) => at(f, y) === at(first, y))) end = y + 1;
  }
  return end;
};

/** Fixed header and footer: leading / trailing rows identical in every frame, small gaps allowed. */
export const detectFixedBars = (frames: FrameSignature[]): { header: number; footer: number } => ({
  header: barLength(frames, false),
  footer: barLength(frames, true),
});

interface Body {
  sig: FrameSignature;
  start: number;
  length: number;
}

const coarseScore = (a: Body, b: Body, k: number): number => {
  const step = Math.max(1, Math.floor(k / COARSE_SAMPLES));
  const width = a.sig.coarse.length / a.sig.height;
  let sum = 0;
  let count = 0;
  for (let j = 0; j < k; j += step) {
    const ra = (a.start + a.length - k + j) * width;
    const rb = (b.start + j) * width;
    for (let x = 0; x < width; x++) sum += Math.abs(a.sig.coarse[ra + x]! - b.sig.coarse[rb + x]!);
    count += width;
  }
  return sum / count;
};

const exactShare = (a: Body, b: Body, k: number): number => {
  let equal = 0;
  for (let j = 0; j < k; j++) {
    if (a.sig.hashes[a.start + a.length - k + j] === b.sig.hashes[b.start + j]) equal++;
  }
  return equal / k;
};

/**
 * How many leading rows of body b repeat the last rows of body a. Coarse pass over every offset on
 * downscaled rows, then an exact row-hash check at full size for the best few.
 */
export const findOverlap = (a: Body, b: Body): PairOverlap => {
  const maxRows = Math.min(a.length, b.length);
  const minRows = Math.max(4, Math.floor(maxRows * 0.02));
  const coarse: { k: number; score: number }[] = [];
  for (let k = maxRows; k >= minRows; k--) {
    const score = coarseScore(a, b, k);
    if (score <= COARSE_TOLERANCE) coarse.push({ k, score });
  }
  if (coarse.length === 0) return { rows: 0, confidence: 0, found: false };
  coarse.sort((x, y) => x.score - y.score || y.k - x.k);
  const checked = coarse.slice(0, EXACT_CANDIDATES).map((c) => ({ ...c, exact: exactShare(a, b, c.k) }));
  checked.sort((x, y) => y.exact - x.exact || x.score - y.score || y.k - x.k);
  const best = checked[0]!;
  // Lossy screenshots never match exactly: fall back to how close the coarse rows were.
  let confidence = Math.max(best.exact, 0.6 * (1 - best.score / COARSE_TOLERANCE));
  const rival = checked.find((c) => c.k !== best.k && c.exact >= best.exact - 0.01 && best.exact > 0);
  if (rival) confidence *= 0.6;
  return { rows: best.k, confidence, found: true };
};

/** The whole plan: fixed bars once, then each pair's overlap over the scrolling area. */
export const planStitch = (
  frames: FrameSignature[],
  width: number,
  onPair?: (done: number, total: number) => void,
): StitchPlan => {
  const { header, footer } = detectFixedBars(frames);
  const bodies = frames.map((sig) => ({ sig, start: header, length: sig.height - header - footer }));
  const overlaps: PairOverlap[] = [];
  for (let i = 1; i < bodies.length; i++) {
    overlaps.push(findOverlap(bodies[i - 1]!, bodies[i]!));
    onPair?.(i, bodies.length - 1);
  }
  return { width, heights: frames.map((f) => f.height), header, footer, overlaps };
};

/** Where every source row goes; recomputed when the user nudges an overlap. */
export const layoutSegments = (plan: StitchPlan): Layout => {
  const { heights, header, footer } = plan;
  const segments: Segment[] = [];
  const seams: number[] = [];
  let destY = 0;
  const push = (frame: number, srcY: number, height: number) => {
    if (height > 0) segments.push({ frame, srcY, height, destY });
    destY += Math.max(0, height);
  };
  if (heights.length === 0) return { width: plan.width, height: 0, segments, seams };
  push(0, 0, header);
  heights.forEach((h, i) => {
    const body = h - header - footer;
    const skip = i === 0 ? 0 : clampOverlap(plan.overlaps[i - 1]?.rows ?? 0, body);
    if (i > 0) seams.push(destY);
    push(i, header + skip, body - skip);
  });
  const last = heights.length - 1;
  push(last, heights[last]! - footer, footer);
  return { width: plan.width, height: destY, segments, seams };
};

export const clampOverlap = (rows: number, bodyLength: number): number =>
  Math.min(Math.max(0, Math.round(rows)), Math.max(0, bodyLength));

/** Paints a layout into one RGBA buffer (tests and small results; the page tiles on canvases). */
export const composeLayout = (frames: RgbaImage[], layout: Layout): RgbaImage => {
  const rowBytes = layout.width * 4;
  const data = new Uint8ClampedArray(rowBytes * layout.height);
  for (const s of layout.segments) {
    const src = frames[s.frame]!.data;
    data.set(src.subarray(s.srcY * rowBytes, (s.srcY + s.height) * rowBytes), s.destY * rowBytes);
  }
  return { width: layout.width, height: layout.height, data };
};

/** Canvas limits that hold on every current browser, mobile Safari being the smallest. */
export const CANVAS_MAX_SIDE = 16_384;
export const CANVAS_MAX_AREA = 16_777_216;

/** Output row ranges, each small enough for one canvas. */
export const tileRanges = (
  width: number,
  height: number,
  maxSide = CANVAS_MAX_SIDE,
  maxArea = CANVAS_MAX_AREA,
): { y: number; height: number }[] => {
  const rows = Math.max(1, Math.min(maxSide, Math.floor(maxArea / Math.max(1, width))));
  const tiles: { y: number; height: number }[] = [];
  for (let y = 0; y < height; y += rows) tiles.push({ y, height: Math.min(rows, height - y) });
  return tiles;
};
